import type { SiteCustomizationSettings } from '../../../../src-shared/contract/sites.js';

/**
 * How every published site looks and behaves, said in the reference's customization terms. The
 * stylesheet is written from it, so `GET …/published` answers what visitors get. Folio keeps no
 * per-site customization yet (docs/sites.md, "Customization").
 */
export const SITE_CUSTOMIZATION = {
  styling: {
    // Plain surfaces, no gradients or strong contrasts.
    theme: 'clean',
    primaryColor: { light: '#2456c9', dark: '#7ea6ff' },
    infoColor: { light: '#2f7ed8', dark: '#2f7ed8' },
    successColor: { light: '#2e9b5b', dark: '#2e9b5b' },
    warningColor: { light: '#d89b2f', dark: '#d89b2f' },
    dangerColor: { light: '#d8452f', dark: '#d8452f' },
    corners: 'rounded',
    depth: 'flat',
    links: 'default',
    // Named first in the font stacks; a visitor without them installed gets the system's (nothing is downloaded).
    font: 'Inter',
    monospaceFont: 'SourceCodePro',
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  // Light, dark when the visitor's system is (`prefers-color-scheme`); there is no switch on the page.
  themes: { default: 'light', toggeable: false },
  pdf: { enabled: false },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: false },
  externalLinks: { target: 'self' },
  pagination: { enabled: false },
  pageActions: { externalAI: false, markdown: false, mcp: false },
  git: { showEditLink: false },
  privacyPolicy: {},
  socialPreview: {},
  // Published pages set no cookie of their own but the share-link and visitor sign-in ones.
  insights: { trackingCookie: false },
} as const satisfies SiteCustomizationSettings;

/** CSS family names of the fonts the settings name. */
export const FONT_FAMILIES: Record<string, string> = { Inter: 'Inter', SourceCodePro: 'Source Code Pro' };

/** A site's settings: the shared ones, titled as the site. */
export function siteCustomization(title: string): SiteCustomizationSettings {
  return { title, ...SITE_CUSTOMIZATION };
}
