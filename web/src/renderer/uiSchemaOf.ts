import { catalogueOf, type Definition, type ResolvedPage } from '@bilan/engine';
import type { UiSchema } from '@rjsf/utils';
import { ComputedField } from './fields/ComputedField';

/** Options our widgets read from the uiSchema, taken from the definition's items. */
export interface BilanWidgetOptions {
  help?: string;
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  rows?: number;
  /** A single choice's answer strings → what a person reads (the catalogue's labels, D1). */
  labels?: Record<string, string>;
}

/**
 * The uiSchema of a page, derived from its items: which widget shows each stored field and
 * the hints the JSON Schema cannot carry (step, rows, unit, help, the labels of answer strings:
 * a radio sends and stores "Moins d'une heure" and reads "Moins d’une heure"). Computed fields
 * are drawn by nobody (ComputedField), hidden.
 */
export function uiSchemaOf(definition: Definition, page: ResolvedPage): UiSchema {
  const ui: UiSchema = {};
  const catalogue = catalogueOf(definition);
  for (const item of page.items) {
    switch (item.kind) {
      case 'notice':
      case 'heading':
        break;
      case 'single':
        ui[item.key] = {
          'ui:widget': 'bilanSingle',
          'ui:options': { help: item.help, labels: Object.fromEntries(catalogue.fields.get(item.key)?.values ?? []) },
        };
        break;
      case 'checkboxes':
        for (const box of item.boxes) ui[box.key] = { 'ui:widget': 'bilanBox' };
        break;
      case 'number':
        ui[item.key] = {
          'ui:widget': 'bilanNumber',
          'ui:options': { help: item.help, unit: item.unit, min: item.min, max: item.max, step: item.step },
        };
        break;
      case 'text':
        ui[item.key] = { 'ui:widget': 'bilanText', 'ui:options': { help: item.help } };
        break;
      case 'textarea':
        ui[item.key] = { 'ui:widget': 'bilanTextarea', 'ui:options': { help: item.help, rows: item.rows } };
        break;
    }
  }
  for (const field of page.computed ?? []) ui[field.key] = { 'ui:widget': 'hidden', 'ui:field': ComputedField };
  return ui;
}
