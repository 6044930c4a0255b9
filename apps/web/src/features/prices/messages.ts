import { i18n } from '../../lib/i18n';
import en from './locales/en.json';
import ta from './locales/ta.json';

/**
 * The prices screens' words come with their chunk, not with the sign-in page (its budget, docs/decisions.md
 * "Prices (issue 6)"): both languages are added to i18next when the chunk is first evaluated; the page shows
 * one language per load (spec 2), so nothing else changes.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('ta', 'translation', ta, true, false);
