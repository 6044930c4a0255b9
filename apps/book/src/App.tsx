import { brandShades, TEXT_SHADE } from '@ps/contracts/common/colours';
import type { Language } from '@ps/contracts/common/languages';
import type { BookingPage } from '@ps/contracts/publicBooking';
import { useMemo, useState } from 'preact/hooks';
import { createPublicApi } from './api';
import { BookingForm } from './BookingForm';
import { initialLanguage, keepLanguage, translator } from './i18n';
import { ManageBooking } from './ManageBooking';
import { type PageView, pagePath } from './page';
import { Notice } from './parts';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ta: 'தமிழ்' };

/**
 * The company's booking page: its name and logo, the language switch, and either the booking form or manage my
 * booking. The company's colours are its web config's (the shade that carries white text, as the back office uses).
 */
export function App({ page, view }: { page: BookingPage; view: PageView }) {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const t = useMemo(() => translator(language), [language]);
  const api = useMemo(() => createPublicApi(page, () => language, t('errors.offline')), [page, language, t]);
  const primary = brandShades(page.primary_color)[TEXT_SHADE];
  const choose = (next: Language) => {
    keepLanguage(next);
    setLanguage(next);
  };
  document.documentElement.lang = language;
  document.title = t(view === 'manage' ? 'titles.manage' : 'titles.book', { company: page.name });

  return (
    <div class="shell" style={{ '--primary': primary, '--background': page.background_color }}>
      <header class="top">
        <div class="brand">
          {page.logo ? <img src={page.logo} alt="" /> : null}
          <h1>{page.name}</h1>
        </div>
        <fieldset class="languages">
          <legend class="visually-hidden">{t('nav.language')}</legend>
          {(Object.keys(LANGUAGE_NAMES) as Language[]).map((option) => (
            <button key={option} type="button" lang={option} aria-pressed={language === option} onClick={() => choose(option)}>
              {LANGUAGE_NAMES[option]}
            </button>
          ))}
        </fieldset>
      </header>
      <main>
        <nav class="actions" aria-label={t('nav.label')} style={{ marginBottom: '1rem' }}>
          <a href={pagePath(page, 'book')} aria-current={view === 'book' ? 'page' : undefined}>
            {t('nav.book')}
          </a>
          <a href={pagePath(page, 'manage')} aria-current={view === 'manage' ? 'page' : undefined}>
            {t('nav.manage')}
          </a>
        </nav>
        {!page.enabled ? (
          <Notice tone="info">{t('closed', { company: page.name })}</Notice>
        ) : view === 'manage' ? (
          <ManageBooking page={page} api={api} t={t} language={language} bookHref={pagePath(page, 'book')} />
        ) : (
          <BookingForm page={page} api={api} t={t} language={language} manageHref={pagePath(page, 'manage')} />
        )}
      </main>
      <footer>{t('footer', { company: page.name })}</footer>
    </div>
  );
}
