import type { Page } from '@playwright/test';

/** WCAG 2.5.5 (AAA) and Apple's and Google's guidance: a finger needs 44 × 44 CSS px. */
export const MIN_TARGET = 44;

/** What a screen at phone width gets wrong for a finger (issue 24 point 8). */
export interface TouchAudit {
  /** How far the page scrolls sideways (px); 0 or less is right. */
  overflow: number;
  /** Visible targets smaller than MIN_TARGET in either dimension: `role "name" w×h`. */
  smallTargets: string[];
  /** Visible tables wider than the viewport or sticking out of it: `table "name" w px`. */
  wideTables: string[];
  /** Every visible table (at phone width a list shows as cards): `table "name" w px`. */
  tables: string[];
  /** Targets left small under WCAG 2.5.8's inline exception (a link inside a sentence). */
  inlineLinks: string[];
}

/**
 * Measures the page as it is now. A target is anything a finger can act on: buttons, links, inputs, selects,
 * checkboxes, radios, switches, tabs, menu items, options and clickable chips. What is measured is the area
 * that takes the tap: a text field's or select's whole outlined box, a checkbox's label when it has one (the
 * label toggles it), else the control itself. Hidden, transparent, zero-sized and screen-reader-only
 * elements are not targets. A link shown inline in running text is reported apart (WCAG 2.5.8's exception).
 */
export function auditTouch(page: Page): Promise<TouchAudit> {
  return page.evaluate((min) => {
    const TARGETS = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="menuitemcheckbox"]',
      '[role="menuitemradio"]',
      '[role="option"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="combobox"]',
      '.MuiChip-clickable',
    ].join(',');

    const text = (element: Element | null | undefined) =>
      (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

    /** Role and accessible name, near enough to find the element in a failure message. */
    const describe = (element: Element) => {
      const role =
        element.getAttribute('role') ??
        (element instanceof HTMLInputElement ? `input[${element.type}]` : element.tagName.toLowerCase());
      const labelledBy = element
        .getAttribute('aria-labelledby')
        ?.split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ');
      const labels = element instanceof HTMLInputElement ? text(element.labels?.[0]) : '';
      const name =
        element.getAttribute('aria-label') ||
        labelledBy ||
        labels ||
        text(element) ||
        element.getAttribute('title') ||
        element.getAttribute('placeholder') ||
        element.getAttribute('data-testid') ||
        '';
      return `${role} "${name.slice(0, 60)}"`;
    };

    /** The element that takes a tap meant for `element`. */
    const hitArea = (element: Element): Element => {
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        return element.closest('label') ?? element.closest('.MuiButtonBase-root') ?? element;
      }
      const field = element.closest('.MuiInputBase-root');
      if (
        field &&
        (element.matches('input, textarea, select, [role="combobox"]') ||
          element.closest('.MuiSelect-select'))
      )
        return field;
      return element;
    };

    /** Shown to the eye: rendered, not transparent, not visibility:hidden, not clipped to a pixel. */
    const isShown = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      // Parked above or left of the page (a skip link until it has the focus): no finger can reach it.
      if (box.bottom + window.scrollY <= 0 || box.right + window.scrollX <= 0) return false;
      return box.width > 1 && box.height > 1;
    };

    /** A link inside a line of text: shown inline, with words of the sentence beside it in its parent. */
    const isInlineLink = (element: Element) =>
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      [...(element.parentElement?.childNodes ?? [])].some(
        (node) => node.nodeType === Node.TEXT_NODE && /[\p{L}\p{N}]/u.test(node.textContent ?? ''),
      );

    const smallTargets = new Set<string>();
    const inlineLinks = new Set<string>();
    const measured = new Set<Element>();
    for (const candidate of document.querySelectorAll(TARGETS)) {
      const target = hitArea(candidate);
      if (measured.has(target)) continue;
      measured.add(target);
      // A native input a MUI control draws over (checkbox, radio, switch) is transparent, but its label shows.
      if (candidate.closest('[aria-hidden="true"], [inert]') || !isShown(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.width >= min - 0.01 && box.height >= min - 0.01) continue;
      const entry = `${describe(candidate)} ${Math.round(box.width)}×${Math.round(box.height)}`;
      if (isInlineLink(candidate)) inlineLinks.add(entry);
      else smallTargets.add(entry);
    }

    const wideTables: string[] = [];
    const tables: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      if (!isShown(table)) continue;
      const box = table.getBoundingClientRect();
      const name = table.getAttribute('aria-label') || text(table.caption) || text(table.querySelector('th'));
      const entry = `table "${name.slice(0, 60)}" ${Math.round(box.width)} px`;
      tables.push(entry);
      if (box.width > window.innerWidth || box.right > window.innerWidth + 0.5 || box.left < -0.5) {
        wideTables.push(entry);
      }
    }

    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      smallTargets: [...smallTargets],
      wideTables,
      tables,
      inlineLinks: [...inlineLinks],
    };
  }, MIN_TARGET);
}
