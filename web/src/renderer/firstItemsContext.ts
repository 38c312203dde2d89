import { createContext } from 'react';

/**
 * How many of a page's items (questions, groups, notices) are drawn for now: all of them when
 * undefined, the first ones in the heading's frame after « Suivant ». A context rather than rjsf's
 * formContext: rjsf applies a new formContext in a second pass after its own update, and drawing
 * the rest must be done when a submit's error is focused, in the same commit.
 */
export const FirstItemsContext = createContext<number | undefined>(undefined);
