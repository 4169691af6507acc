/**
 * Where the caret of a textarea is, in pixels from the textarea's top left (scrolling included),
 * so a popover can open above it. A hidden copy of the textarea with the same text metrics lays
 * out the text before the caret and measures a marker placed there.
 */
const COPIED = [
  'boxSizing',
  'width',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontStyle',
  'fontVariant',
  'fontWeight',
  'fontStretch',
  'fontSize',
  'lineHeight',
  'fontFamily',
  'textAlign',
  'textTransform',
  'textIndent',
  'letterSpacing',
  'wordSpacing',
  'tabSize',
] as const;

export interface CaretPosition {
  left: number;
  top: number;
  height: number;
}

export function caretPosition(textarea: HTMLTextAreaElement, index: number): CaretPosition {
  const style = getComputedStyle(textarea);
  const copy = document.createElement('div');
  for (const property of COPIED) copy.style[property] = style[property];
  copy.style.position = 'absolute';
  copy.style.visibility = 'hidden';
  copy.style.top = '0';
  copy.style.left = '-9999px';
  copy.style.whiteSpace = 'pre-wrap';
  copy.style.overflowWrap = 'break-word';
  copy.style.overflow = 'hidden';
  copy.textContent = textarea.value.slice(0, index);
  const marker = document.createElement('span');
  marker.textContent = textarea.value.slice(index) || '.';
  copy.appendChild(marker);
  document.body.appendChild(copy);
  const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5 || 20;
  const position = {
    left: marker.offsetLeft - textarea.scrollLeft,
    top: marker.offsetTop - textarea.scrollTop,
    height: lineHeight,
  };
  copy.remove();
  return position;
}
