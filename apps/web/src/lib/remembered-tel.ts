/**
 * The phone number last typed on the login page, offered to 找回密码 when the visitor follows the
 * link. Between the click and the moment the next page's field has the focus (its code may still be
 * loading) the focus is on the link, and digits typed then would go nowhere: `carryTyping` catches
 * them (digits and backspace, when no field has the focus) and adds them to the number, and the
 * next page takes the result with `takeTel`. Memory only.
 */
let tel = '';
let listener: ((e: KeyboardEvent) => void) | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const MAX_DIGITS = 11;
const CARRY_MS = 10_000;

export const rememberTel = (value: unknown) => {
  if (typeof value === 'string') tel = value;
};
export const recallTel = () => tel;

const editable = (el: Element | null) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  (el as HTMLElement | null)?.isContentEditable;

/** From now until the next page takes the number (or 10 s), keystrokes outside any field go to it. */
export function carryTyping() {
  stopCarrying();
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || editable(document.activeElement)) return;
    if (/^\d$/.test(e.key)) {
      if (tel.length < MAX_DIGITS) tel += e.key;
    } else if (e.key === 'Backspace') {
      tel = tel.slice(0, -1);
    } else {
      return;
    }
    e.preventDefault();
  };
  window.addEventListener('keydown', onKey, true);
  listener = onKey;
  timer = setTimeout(stopCarrying, CARRY_MS);
}

function stopCarrying() {
  if (listener) window.removeEventListener('keydown', listener, true);
  listener = null;
  clearTimeout(timer);
}

/** The number with everything carried so far; from here on the page's own field takes the typing. */
export function takeTel() {
  stopCarrying();
  return tel;
}
