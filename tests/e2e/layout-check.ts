import { expect, type Page } from './fixtures';

/**
 * What a screenshot shows and a reviewer would catch, checked mechanically on the screen as it is:
 * - horizontal overflow: the page scrolls sideways, or an element sticks out of the viewport
 *   without a container that clips or scrolls it;
 * - text cut off: a box that hides its overflow holds more text than it shows, or a field's
 *   placeholder is wider than the field;
 * - covered taps: a control brought into view as the browser does before a tap ("nearest") sits
 *   under something else (a sticky footer, a header), so the tap would land there.
 * `include` scopes the check to a part of the page (a dialog); `exclude` leaves out third-party
 * parts (the map's canvas).
 */
export async function expectLaidOut(page: Page, what: string, options: { include?: string; exclude?: string[] } = {}) {
  const problems = await page.evaluate(findLayoutProblems, { include: options.include ?? 'body', exclude: options.exclude ?? [] });
  expect(problems, `layout of ${what}`).toEqual([]);
}

/** Runs in the page: every problem found, described so a reader can find the element. */
function findLayoutProblems({ include, exclude }: { include: string; exclude: string[] }): string[] {
  const problems: string[] = [];
  const viewport = document.documentElement.clientWidth;
  const excluded = (el: Element) => exclude.some((selector) => el.closest(selector));
  const describe = (el: Element) => {
    const label = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
    return `<${el.tagName.toLowerCase()}${classes}> “${label.slice(0, 40)}”`;
  };
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 2 && rect.height > 2 && el.checkVisibility({ opacityProperty: true });
  };
  const clips = (el: Element) => {
    const style = getComputedStyle(el);
    return style.overflowX !== 'visible';
  };
  const clippedByAncestor = (el: Element) => {
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      if (parent === document.body || parent === document.documentElement) return false;
      if (clips(parent)) return true;
    }
    return false;
  };

  if (include === 'body' && document.documentElement.scrollWidth > viewport + 1) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${viewport} px viewport`);
  }

  const roots = [...document.querySelectorAll(include)];
  const elements = roots.flatMap((root) => [root, ...root.querySelectorAll('*')]).filter((el) => !excluded(el) && visible(el));

  for (const el of elements) {
    const rect = el.getBoundingClientRect();
    if ((rect.right > viewport + 1 || rect.left < -1) && !clippedByAncestor(el) && getComputedStyle(el).position !== 'fixed') {
      problems.push(`${describe(el)} sticks out of the viewport (${Math.round(rect.left)}–${Math.round(rect.right)} px of ${viewport})`);
    }
    const style = getComputedStyle(el);
    // A box that scrolls sideways (a dialog's body, say) hides what sticks out of it: unless it
    // is meant to (`data-scroll-x`), its content is too wide for it.
    if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1 && !el.closest('[data-scroll-x]')) {
      problems.push(`${describe(el)} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
    const hidesOverflow = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (hidesOverflow && ownText && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      problems.push(`${describe(el)} cuts its text off (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
    }
    // A placeholder drawn by the page instead (transparent here) is checked as the text it is.
    const ownPlaceholder = getComputedStyle(el, '::placeholder').color !== 'rgba(0, 0, 0, 0)';
    if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.placeholder && el.value === '' && ownPlaceholder) {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (el instanceof HTMLInputElement && context.measureText(el.placeholder).width > room + 1) {
        problems.push(`${describe(el)} shows its placeholder cut off (${Math.round(context.measureText(el.placeholder).width)} px of text in ${Math.round(room)} px)`);
      }
    }
  }

  // Covered taps: each control brought into view the way a tap brings it, then hit-tested.
  const saved = [...document.querySelectorAll('*')].filter((el) => el.scrollTop > 0 || el.scrollLeft > 0).map((el) => [el, el.scrollTop, el.scrollLeft] as const);
  const windowScroll = [window.scrollX, window.scrollY] as const;
  const controls = elements.filter((el) => el.matches('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]'));
  for (const el of controls) {
    if (el.closest('[inert]') || (el as HTMLButtonElement).disabled) continue;
    // Parked off the page until focused (the skip link): nothing to tap there.
    const parked = el.getBoundingClientRect();
    if (parked.bottom + window.scrollY <= 0 || parked.right + window.scrollX <= 0) continue;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const rect = el.getBoundingClientRect();
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), viewport - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (!top || el.contains(top) || top.contains(el)) continue;
    // A styled checkbox or radio: the tap lands on its label, which is the control's own.
    const labels = (el as HTMLInputElement).labels;
    if (labels && [...labels].some((label) => label.contains(top))) continue;
    // A notification comes and goes by itself; it is not a bar that stays over the page.
    if (excluded(top) || top.closest('[data-transient]')) continue;
    problems.push(`${describe(el)} is covered by ${describe(top)} where it is tapped`);
  }
  for (const [el, top, left] of saved) {
    el.scrollTop = top;
    el.scrollLeft = left;
  }
  window.scrollTo(...windowScroll);
  return problems;
}
