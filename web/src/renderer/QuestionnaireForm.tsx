import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { RegistryWidgetsType, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import {
  applyExclusiveOptions,
  normalizeSection,
  sectionSchema,
  type Answers,
  type Definition,
  type ResolvedPage,
  type SectionAnswers,
  type ValidatorFunction,
} from '@bilan/engine';
import { exclusiveAnnouncement } from './exclusiveAnnouncement';
import { FirstItemsContext } from './firstItemsContext';
import type { RendererContext } from './formContext';
import { sectionValidator } from './sectionValidator';
import { uiSchemaOf } from './uiSchemaOf';
import { FieldTemplate } from './templates/FieldTemplate';
import { PageItemsTemplate } from './templates/PageItemsTemplate';
import { BoxWidget } from './widgets/BoxWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { SingleChoiceWidget } from './widgets/SingleChoiceWidget';
import { TextareaWidget } from './widgets/TextareaWidget';
import { TextWidget } from './widgets/TextWidget';

const widgets: RegistryWidgetsType = {
  bilanSingle: SingleChoiceWidget,
  bilanBox: BoxWidget,
  bilanNumber: NumberWidget,
  bilanText: TextWidget,
  bilanTextarea: TextareaWidget,
};

const templates = { FieldTemplate, ObjectFieldTemplate: PageItemsTemplate };

export interface QuestionnaireFormProps {
  definition: Definition;
  page: ResolvedPage;
  /** This page's answers, as normalized by the engine. */
  value: SectionAnswers;
  /** Answers of the other sections, which may drive this page's conditions. */
  otherAnswers: Answers;
  /** The section's precompiled validator (codegen); without it only the server checks. */
  validate?: ValidatorFunction;
  /**
   * While `validate` is on its way (a version's validators load once its first page shows): a
   * submit waits for it, then goes through it. If it cannot come, the submit goes on and the
   * server checks alone.
   */
  validatorReady?: () => Promise<void>;
  onChange: (next: SectionAnswers) => void;
  /** Called with the answers once the section passes its schema. */
  onSubmit: (answers: SectionAnswers) => void;
  disabled?: boolean;
  /**
   * Draws only the page's first items (questions, groups, notices) for now, with room kept below
   * them: the heading's frame after « Suivant ». A submit that finds an error draws them all.
   */
  firstItems?: number;
  /** The page's buttons (rjsf renders them in place of its own submit button). */
  children: ReactNode;
}

/**
 * One definition page rendered by rjsf with our widgets and templates. Every change goes
 * through the engine: a box just ticked unticks the boxes its group says it excludes
 * (applyExclusiveOptions, announced politely), then normalizeSection drops an answer to a
 * question that becomes hidden and refreshes the computed fields (BMI flags) for the conditions
 * that read them.
 */
export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const { definition, page, value, otherAnswers, validate, onChange, onSubmit, disabled, children } = props;
  const [announcement, setAnnouncement] = useState('');
  const form = useRef<Form>(null);
  // An error found while only the first items are drawn: every item is drawn, then its field is
  // focused (rjsf finds the field in the page).
  const [errorToFocus, setErrorToFocus] = useState<{ route: string; error: RJSFValidationError } | null>(null);
  const firstItems = errorToFocus?.route === page.route ? undefined : props.firstItems;
  useLayoutEffect(() => {
    if (errorToFocus) form.current?.focusOnError(errorToFocus.error);
  }, [errorToFocus]);
  const focusOnFirstError = (error: RJSFValidationError) => {
    if (firstItems === undefined) form.current?.focusOnError(error);
    else setErrorToFocus({ route: page.route, error });
  };
  // rjsf lays out the fields; the exclusive boxes (`allOf`, the only rule across fields) are
  // checked by the validator, the same generated function as the server's.
  const schema = useMemo(() => {
    const { allOf: _acrossFields, ...shape } = sectionSchema(definition, page.section);
    return shape as RJSFSchema;
  }, [definition, page.section]);
  const uiSchema = useMemo(() => uiSchemaOf(definition, page), [definition, page]);
  // rjsf builds its schema tools from the validator in its state, updated a render after a new
  // one: it is given one validator per page, which reads the newest `validate` through this ref
  // at each check, so validators that arrive later serve the very next check, a waiting submit's
  // included.
  const currentValidate = useRef(validate);
  useLayoutEffect(() => {
    currentValidate.current = validate;
  }, [validate]);
  const validator = useMemo(
    // The getter is called when rjsf validates (a submit; no live validation), never to draw.
    // eslint-disable-next-line react-hooks/refs
    () => sectionValidator(definition, page.section, () => currentValidate.current),
    [definition, page.section],
  );
  // A submit that waited for the validators: made again once they are there, or could not come
  // (then that one submit goes on without them; the next one asks for them again).
  const [waitedSubmits, setWaitedSubmits] = useState(0);
  const resubmitting = useRef(false);
  useEffect(() => {
    if (waitedSubmits === 0) return;
    resubmitting.current = true;
    form.current?.formElement.current?.requestSubmit();
    resubmitting.current = false;
  }, [waitedSubmits]);
  const formContext: RendererContext = useMemo(
    () => ({ definition, page, answers: { ...otherAnswers, [page.section]: value } }),
    [definition, page, otherAnswers, value],
  );
  const normalized = (data: unknown): SectionAnswers =>
    normalizeSection(definition, page.section, (data ?? {}) as SectionAnswers, otherAnswers).answers;
  const changed = (data: unknown) => {
    const { answers, changes } = applyExclusiveOptions(definition, page.section, value, (data ?? {}) as SectionAnswers);
    if (changes.length > 0) setAnnouncement(changes.map(exclusiveAnnouncement).join(' '));
    onChange(normalized(answers));
  };
  // A page that passes its schema goes on at once: rjsf's own submit draws the whole form again
  // (its state set to « submitted ») before calling back, a pass over every question of the page
  // being left before the next heading (issue 44). The same check as rjsf's (its `validate`, on the
  // data it holds); a page with an error, or with errors on screen to clear, goes through rjsf.
  const submitWhenValid = (event: FormEvent) => {
    const rjsf = form.current;
    if (!rjsf || event.target !== rjsf.formElement.current) return;
    const { validatorReady } = props;
    if (!currentValidate.current && validatorReady && !resubmitting.current) {
      event.preventDefault();
      event.stopPropagation();
      void validatorReady()
        .catch(() => undefined)
        .finally(() => setWaitedSubmits((n) => n + 1));
      return;
    }
    if (rjsf.state.errors.length > 0) return;
    const { formData } = rjsf.state;
    if (rjsf.validate(formData).errors.length > 0) return;
    event.preventDefault();
    event.stopPropagation();
    onSubmit(normalized(formData));
  };
  return (
    <FirstItemsContext value={firstItems}>
      <div className="questionnaire-form" onSubmitCapture={submitWhenValid}>
        <Form
          ref={form}
          schema={schema}
          uiSchema={uiSchema}
          formData={value}
          formContext={formContext}
          validator={validator}
          widgets={widgets}
          templates={templates}
          idPrefix={page.section}
          disabled={disabled}
          noHtml5Validate
          showErrorList={false}
          focusOnFirstError={focusOnFirstError}
          onChange={(event) => changed(event.formData)}
          onSubmit={(event) => onSubmit(normalized(event.formData))}
        >
          {children}
        </Form>
        {/* Right after the form, as before it was wrapped: the exclusive boxes' polite line. */}
        <p role="status" className="visually-hidden">
          {announcement}
        </p>
      </div>
    </FirstItemsContext>
  );
}
