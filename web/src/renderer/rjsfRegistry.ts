// rjsf's default registry, limited to what our pages use (vite.config.ts puts it in place of
// @rjsf/core's getDefaultRegistry for rjsf's own Form): the fields for the JSON Schema types a
// section's questions hold (object, string, number, integer, boolean; the lists are computed
// fields, which ComputedField draws as nothing) and, for the templates rjsf's registry type
// requires, stand-ins that refuse to be drawn (notDrawn below). Our own widgets and templates
// (QuestionnaireForm) come on top, as with the full registry. The list, layout grid, anyOf/oneOf,
// cyclic-schema and fallback fields, rjsf's own templates and widgets never show on a page: a
// patient's phone does not download them.
// rjsfRegistry.test.ts renders every page of every published version through this registry.
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry } from '@rjsf/utils';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';

/** A component that takes any props and draws nothing: it throws. */
type NotDrawn = () => never;

/**
 * What stands for each of rjsf's own templates: our pages never draw one (our FieldTemplate and
 * PageItemsTemplate lay out every field, our widgets draw the inputs, the page gives its own
 * buttons and shows no error list), so a phone does not download rjsf's. A page that would draw
 * one fails loudly rather than leave something out; rjsfRegistry.test.tsx draws every page of
 * every published version, with and without its refusals, through this registry.
 */
function notDrawn(name: string): NotDrawn {
  const NotDrawn = (): never => {
    throw new Error(`rjsf's ${name} is not in our registry (renderer/rjsfRegistry.ts): a page may not draw it`);
  };
  return NotDrawn;
}

const TEMPLATES = [
  'ArrayFieldDescriptionTemplate',
  'ArrayFieldItemButtonsTemplate',
  'ArrayFieldItemTemplate',
  'ArrayFieldTemplate',
  'ArrayFieldTitleTemplate',
  'BaseInputTemplate',
  'CyclicSchemaExpandTemplate',
  'DescriptionFieldTemplate',
  'ErrorListTemplate',
  'FallbackFieldTemplate',
  'FieldErrorTemplate',
  'FieldHelpTemplate',
  'FieldTemplate',
  'GridTemplate',
  'MultiSchemaFieldTemplate',
  'ObjectFieldTemplate',
  'OptionalDataControlsTemplate',
  'TitleFieldTemplate',
  'UnsupportedFieldTemplate',
  'WrapIfAdditionalTemplate',
] as const;
const BUTTONS = [
  'SubmitButton',
  'AddButton',
  'CopyButton',
  'MoveDownButton',
  'MoveUpButton',
  'RemoveButton',
  'ClearButton',
] as const;

/** The same shape as @rjsf/core's getDefaultRegistry: no schemaUtils, which the Form adds. */
export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: {
      BooleanField,
      NullField,
      NumberField,
      ObjectField,
      OptionalDataControlsField,
      SchemaField,
      StringField,
    },
    // Ours (FieldTemplate, ObjectFieldTemplate) come on top, from QuestionnaireForm.
    templates: {
      ...(Object.fromEntries(TEMPLATES.map((name) => [name, notDrawn(name)])) as Record<
        (typeof TEMPLATES)[number],
        NotDrawn
      >),
      ButtonTemplates: Object.fromEntries(BUTTONS.map((name) => [name, notDrawn(name)])) as Record<
        (typeof BUTTONS)[number],
        NotDrawn
      >,
    },
    widgets: {},
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}
