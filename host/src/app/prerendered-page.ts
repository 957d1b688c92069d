import { PRERENDERED_ID } from '@wallet/shared/prerendered-pages';

/**
 * The page may arrive with a public page already rendered (the site's `#wallet-prerendered`,
 * shown while the app's root stays hidden). The app renders into its hidden root meanwhile; once
 * that shows the page settled (a `<main>` with content and no loading placeholder left,
 * `data-page-loading`), the pre-rendered copy is removed and the root shown, in one step before
 * the browser paints (a MutationObserver's callback runs right after React's commit). The app's
 * screen is the same page, so nothing flashes and nothing moves. What a visitor typed into the
 * copy's fields meanwhile is carried over, and the field they were in keeps the focus.
 */
export function takeOverPrerenderedPage(root: HTMLElement) {
  const prerendered = document.getElementById(PRERENDERED_ID);
  if (!prerendered) return;
  const settled = () => {
    const main = root.querySelector('main');
    return main !== null && main.childElementCount > 0 && root.querySelector('[data-page-loading]') === null;
  };
  const observer = new MutationObserver(() => {
    if (!settled()) return;
    observer.disconnect();
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && prerendered.contains(active) ? active.getAttribute('name') : null;
    carryOverFields(prerendered, root);
    prerendered.remove();
    root.hidden = false;
    if (focused) root.querySelector<HTMLElement>(`[name="${CSS.escape(focused)}"]`)?.focus();
  });
  observer.observe(root, { childList: true, subtree: true });
}

/** Fields whose value is what was typed (a checkbox's value is not its state). */
const TYPED = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number']);

/** Values typed into the copy's named fields, set on the app's fields as typing would (React sees an input event). */
function carryOverFields(from: HTMLElement, to: HTMLElement) {
  for (const field of from.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    if (!field.value || (field instanceof HTMLInputElement && !TYPED.has(field.type))) continue;
    const target = to.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      `${field.localName}[name="${CSS.escape(field.name)}"]`,
    );
    if (!target || target.value) continue;
    // React tracks the value it last set: the prototype's setter, then an input event, reads as typing.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')?.set?.call(target, field.value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
