/** Read by a screen reader, not drawn: for words the eye gets from an icon, a dot or the layout. */
export const SCREEN_READER_ONLY = {
  position: 'absolute',
  // In px: sx reads 1 as 100%.
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
