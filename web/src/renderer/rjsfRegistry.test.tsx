import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { definitionRef, itemVisibility } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { QuestionnaireForm } from './QuestionnaireForm';
import getDefaultRegistry from './rjsfRegistry';

// The tests' rjsf goes through the build's plugins (vitest.config.ts), so its Form is given this
// registry as in the browser: a field or template missing from it would throw or draw nothing.
describe('the rjsf registry our pages are drawn with', () => {
  it('holds the fields of the types a section’s questions have, and not rjsf’s list field', () => {
    const { fields, widgets } = getDefaultRegistry();
    expect(Object.keys(fields).sort()).toEqual([
      'BooleanField',
      'NullField',
      'NumberField',
      'ObjectField',
      'OptionalDataControlsField',
      'SchemaField',
      'StringField',
    ]);
    expect(widgets).toEqual({});
  });

  it('holds none of rjsf’s own templates: each stand-in refuses to be drawn, naming itself', () => {
    const { templates } = getDefaultRegistry();
    const { ButtonTemplates, ...others } = templates;
    const standIns: Record<string, unknown> = { ...others, ...ButtonTemplates };
    expect(Object.keys(standIns)).toContain('FieldErrorTemplate');
    expect(Object.keys(standIns)).toContain('SubmitButton');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [name, standIn] of Object.entries(standIns)) {
      const StandIn = standIn as ComponentType;
      expect(() => render(<StandIn />), name).toThrow(`rjsf's ${name} is not in our registry`);
    }
  });

  it.each(definitions.map((d) => [definitionRef(d), d] as const))(
    'draws every page of %s with each question shown to anyone',
    (_ref, definition) => {
      for (const page of definition.pages) {
        const { unmount } = render(
          <QuestionnaireForm
            definition={definition}
            page={page}
            value={{}}
            otherAnswers={{}}
            onChange={() => undefined}
            onSubmit={() => undefined}
          >
            <button type="submit">Suivant</button>
          </QuestionnaireForm>,
        );
        // Every question shown before any answer is drawn by our widgets, under its own id.
        const shown = itemVisibility(definition, {});
        for (const item of page.items) {
          if (!shown(item) || item.kind === 'heading' || item.kind === 'notice') continue;
          const keys = item.kind === 'checkboxes' ? item.boxes.filter(shown).map((box) => box.key) : [item.key];
          for (const key of keys) {
            const field = document.querySelector(`:is(input, textarea)[id^="${page.section}_${key}"]`);
            expect(field, `${page.route} ${key}`).not.toBeNull();
          }
        }
        expect(screen.getByRole('button', { name: 'Suivant' })).toBeInTheDocument();
        unmount();
      }
    },
  );
});
