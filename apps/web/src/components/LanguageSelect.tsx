import { NativeSelect } from '@mantine/core';
import { type Language, languages } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage, getLanguage } from '../lib/session';

/** English / தமிழ்: each language is named in itself. Choosing one stores it and reloads (spec 2). */
export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size={size}
      aria-label={t('common.language')}
      value={getLanguage()}
      onChange={(event) => changeLanguage(event.currentTarget.value as Language)}
      data={languages.map((language) => ({ value: language, label: t(`common.languageNames.${language}`) }))}
      w={size === 'xs' ? 104 : 120}
    />
  );
}
