/** Spec §9: top-right, 3 visible, 4000 ms, width 356, gap 14 (notistack pads each toast by half the gap). */
export const TOAST_SETTINGS = { maxSnack: 3, autoHideDuration: 4000, width: 356, gap: 14 } as const;
export const TOAST_SELECTOR = '[data-toast]';
