import type { ReactElement } from 'react';
import { isItemVisible } from '@bilan/engine';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { RendererContext } from '../formContext';
import { NoticeBox } from './NoticeBox';

/**
 * Walks the page's items in definition order, asking the engine which ones show for the
 * current answers: a hidden item renders as nothing, a checkbox group becomes a fieldset
 * with its legend around its boxes, a notice becomes its box. Nothing here names a question,
 * so a question added to a definition appears without code.
 */
export function PageItemsTemplate(props: ObjectFieldTemplateProps) {
  const context = props.registry.formContext as RendererContext;
  const { definition, page, answers } = context;
  const content = new Map<string, ReactElement>(props.properties.map((p) => [p.name, p.content]));
  return (
    <div className="page-items">
      {page.items.map((item) => {
        if (!isItemVisible(item, answers, definition)) return null;
        switch (item.kind) {
          case 'notice':
            return <NoticeBox key={item.key} notice={item} />;
          case 'checkboxes': {
            const legendId = `${props.fieldPathId.$id}-${item.key}-legend`;
            return (
              <fieldset key={item.key} className="question question-boxes" aria-describedby={item.help ? `${legendId}-help` : undefined}>
                <legend id={legendId} className="question-label">
                  {item.label}
                </legend>
                {item.help && (
                  <p id={`${legendId}-help`} className="hint">
                    {item.help}
                  </p>
                )}
                <div className="choices">{item.boxes.map((box) => <div key={box.key}>{content.get(box.key)}</div>)}</div>
              </fieldset>
            );
          }
          default:
            return <div key={item.key}>{content.get(item.key)}</div>;
        }
      })}
      {(page.computed ?? []).map((field) => (
        <div key={field.key} hidden>
          {content.get(field.key)}
        </div>
      ))}
    </div>
  );
}
