/** The id of a suggestion's option element (the input's aria-activedescendant names it). */
export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;
