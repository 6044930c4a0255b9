import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `Airports · Parking Solutions`: the screen's name first, so tabs and history tell screens apart. */
export function pageTitle(screen: string | undefined, appName: string): string {
  return screen ? `${screen} · ${appName}` : appName;
}

/** Sets the document title for the screen while it is shown, in the user's language. */
export function usePageTitle(screen: string | undefined): void {
  const { t } = useTranslation();
  const title = pageTitle(screen, t('app.name'));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
