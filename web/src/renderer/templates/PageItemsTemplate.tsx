import { use, type ReactElement } from 'react';
import { itemVisibility, pageParts, type CheckboxGroupQuestion } from '@bilan/engine';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { FirstItemsContext } from '../firstItemsContext';
import type { RendererContext } from '../formContext';
import { NoticeBox } from './NoticeBox';

/**
 * Walks the page's items in definition order, under the page's headings (h2), asking the engine
 * which ones show for the current answers: a hidden item or box renders as nothing, a heading
 * only over something that shows, a checkbox group becomes a fieldset with its legend around its
 * boxes, a notice becomes its box. Nothing here names a question, so a question added to a
 * definition appears without code.
 * With FirstItemsContext set (the heading's frame after « Suivant »), only the first items
 * that show are drawn, and a screen's height is kept below them: the buttons never flash under the
 * first questions, and the others fill that room the frame after.
 */
export function PageItemsTemplate(props: ObjectFieldTemplateProps) {
  const context = props.registry.formContext as RendererContext;
  const { definition, page, answers } = context;
  const firstItems = use(FirstItemsContext) ?? Infinity;
  const visible = itemVisibility(definition, answers);
  let drawn = 0;
  // Whether one more item is drawn now; a heading counts with the item under it.
  const draws = () => drawn++ < firstItems;
  const content = new Map<string, ReactElement>(props.properties.map((p) => [p.name, p.content]));
  const group = (item: CheckboxGroupQuestion) => {
    const legendId = `${props.fieldPathId.$id}-${item.key}-legend`;
    return (
      <fieldset
        key={item.key}
        className="question question-boxes"
        aria-describedby={item.help ? `${legendId}-help` : undefined}
      >
        <legend id={legendId} className="question-label">
          {item.label}
        </legend>
        {item.help && (
          <p id={`${legendId}-help`} className="hint">
            {item.help}
          </p>
        )}
        <div className="choices">
          {item.boxes.filter(visible).map((box) => (
            <div key={box.key}>{content.get(box.key)}</div>
          ))}
        </div>
      </fieldset>
    );
  };
  return (
    <div className="page-items">
      {pageParts(page, visible).flatMap((part) => {
        const items = part.items.filter(draws);
        return [
          part.heading && items.length > 0 && (
            <h2 key={part.heading.key} className="page-heading">
              {part.heading.text}
            </h2>
          ),
          ...items.map((item) => {
            if (item.kind === 'notice') return <NoticeBox key={item.key} notice={item} />;
            if (item.kind === 'checkboxes') return group(item);
            return <div key={item.key}>{content.get(item.key)}</div>;
          }),
        ];
      })}
      {drawn > firstItems && <div className="page-items-later" />}
      {(page.computed ?? []).map((field) => (
        <div key={field.key} hidden>
          {content.get(field.key)}
        </div>
      ))}
    </div>
  );
}
