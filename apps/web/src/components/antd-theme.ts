import type { ThemeConfig } from 'antd';

/**
 * Whether the visitor's system asks for less motion: antd's dialogs, drawers and messages then
 * appear and go without their zoom and fade, as the mall's own CSS already does
 * (`prefers-reduced-motion` in global.css).
 */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The mall's antd theme: one for the pages' scope and for toasts and dialogs. */
export const theme: ThemeConfig = {
  token: {
    motion: !prefersReducedMotion(),
    // The brand orange one step deeper, so white button labels and orange text pass WCAG AA
    // (global.css --brand-strong); the pure brand orange stays for fills without text.
    colorPrimary: '#c93c14',
    // Link buttons take colorLink (antd's blue #1677ff, 4.1:1 on white): the same deep orange.
    colorLink: '#c93c14',
    // antd lightens both on hover (#d65f38: 3.8:1 under white labels and as text on white). Hover
    // goes darker instead, as the plain buttons do (global.css --brand-dark).
    colorPrimaryHover: '#c23a12',
    colorLinkHover: '#c23a12',
    // antd's red (#ff4d4f, 3.3:1 on white) prints danger buttons and error text: one shade deeper passes AA.
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
    fontFamily: '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif',
  },
};
