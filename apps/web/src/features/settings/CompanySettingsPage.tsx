import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, ColorInput, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  brandContrast,
  brandShades,
  HEX_COLOUR_PATTERN,
  MIN_TEXT_CONTRAST,
  TEXT_SHADE,
  type WebConfig,
  webConfigUpdateSchema,
} from '@ps/contracts';
import { Controller, type ControllerRenderProps, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { Section } from '../../components/Section';
import { useCompanyWebConfig } from '../../lib/companyWebConfig';
import { applyServerFieldErrors, sameNameField, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/pageTitle';
import { useCompanyDetails, useUpdateWebConfig } from './api';
import { CompanyDetailsSection } from './CompanyDetailsSection';
import { LogoSection } from './LogoSection';
import { PersonalDataSection } from './PersonalDataSection';
import { PublicBookingSection } from './PublicBookingSection';

type BrandValues = { name: string; primary_color: string; background_color: string };
const brandFields = ['name', 'primary_color', 'background_color'] as const;
const brandResolver = zodResolver(webConfigUpdateSchema.required()) as unknown as Resolver<BrandValues>;

/**
 * The company's name, colours and logo, as the sign-in page and the app show them, its details (contact, tax, mail,
 * week and terms), as its mails and statements carry them, its online booking, and how long customers' personal data is
 * kept. Company admins only.
 */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.title'));
  const config = useCompanyWebConfig(true);
  const details = useCompanyDetails();
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      {config.data && details.data ? (
        <>
          <BrandSection config={config.data} />
          <LogoSection config={config.data} />
          <CompanyDetailsSection details={details.data} />
          <PublicBookingSection details={details.data} />
          <PersonalDataSection details={details.data} />
        </>
      ) : (
        <Text>{config.isError || details.isError ? t('settings.loadFailed') : t('app.loading')}</Text>
      )}
    </Stack>
  );
}

/**
 * One colour: the picker, and under it the contrast the API will check ("5.26:1, meets AA" or "3.60:1, below
 * AA"), updated while the colour is chosen. Escape closes the picker (Mantine's opens on focus and closes on blur).
 */
function ColourField({
  field,
  label,
  description,
  swatches,
  error,
  contrast,
  contrastLabel,
}: {
  field: ControllerRenderProps<BrandValues, 'primary_color' | 'background_color'>;
  label: string;
  description: string;
  swatches: string[];
  error: string | undefined;
  contrast: number | null;
  contrastLabel: string;
}) {
  const { t } = useTranslation();
  const noteId = `${field.name}-contrast`;
  const passes = contrast !== null && contrast >= MIN_TEXT_CONTRAST;
  return (
    <Stack gap={4}>
      <ColorInput
        label={label}
        description={description}
        required
        format="hex"
        withEyeDropper={false}
        // Swatches and typing only: Mantine's saturation and hue sliders have no accessible names in ColorInput.
        withPicker={false}
        // Mantine's default puts back the last valid colour on blur, but it learns that colour in an effect after
        // the render: a colour pasted and left at once (Escape, Tab) was silently replaced by the one before. The
        // text stays as typed instead, and the form's own check names a colour that is not #rrggbb.
        fixOnBlur={false}
        // Above the field: a server's refusal focuses the field (its swatches open), and its message is below.
        popoverProps={{ position: 'top-start' }}
        swatches={swatches}
        name={field.name}
        ref={field.ref}
        value={field.value}
        onBlur={field.onBlur}
        onChange={field.onChange}
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.currentTarget.blur();
        }}
        error={error}
        aria-describedby={noteId}
      />
      {contrast === null ? null : (
        <Text id={noteId} size="sm" c={passes ? 'teal.9' : 'red.9'} fw={600} aria-live="polite">
          {t(passes ? 'settings.brand.contrastPasses' : 'settings.brand.contrastFails', {
            label: contrastLabel,
            ratio: contrast.toFixed(2),
            needed: MIN_TEXT_CONTRAST,
          })}
        </Text>
      )}
    </Stack>
  );
}

function BrandSection({ config }: { config: WebConfig }) {
  const { t } = useTranslation();
  const toasts = useFormToasts();
  const update = useUpdateWebConfig();
  const {
    control,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BrandValues>({
    resolver: brandResolver,
    defaultValues: { name: config.name, primary_color: config.primary_color, background_color: config.background_color },
  });
  const { blocker } = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const primary = watch('primary_color');
  const background = watch('background_color');
  const valid = HEX_COLOUR_PATTERN.test(primary) && HEX_COLOUR_PATTERN.test(background);
  const contrast = valid ? brandContrast(primary, background) : null;
  const error = (message: string | undefined) => translateMessage(message);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, primary_color: saved.primary_color, background_color: saved.background_color });
      toasts.success(t('settings.brand.saved'));
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, sameNameField<BrandValues>(brandFields))) toasts.error(failure);
    }
  });

  return (
    <Section id="settings-brand" title={t('settings.brand.title')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t('settings.brand.intro')}</Text>
          <Controller
            control={control}
            name="name"
            render={({ field }) => (
              <TextInput
                label={t('settings.brand.name')}
                description={t('settings.brand.nameHint')}
                required
                maxLength={100}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                error={error(errors.name?.message)}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Controller
              control={control}
              name="primary_color"
              render={({ field }) => (
                <ColourField
                  field={field}
                  label={t('settings.brand.primary')}
                  description={t('settings.brand.primaryHint')}
                  swatches={['#0095e8', '#1971c2', '#0b7285', '#2b8a3e', '#5f3dc4', '#c2255c', '#e8590c', '#343a40']}
                  error={error(errors.primary_color?.message)}
                  contrast={contrast?.primary ?? null}
                  contrastLabel={t('settings.brand.onWhite')}
                />
              )}
            />
            <Controller
              control={control}
              name="background_color"
              render={({ field }) => (
                <ColourField
                  field={field}
                  label={t('settings.brand.background')}
                  description={t('settings.brand.backgroundHint')}
                  swatches={['#f3f4f6', '#f8f9fa', '#ffffff', '#f1f3f5', '#fff9db', '#ebfbee', '#e7f5ff', '#f3f0ff']}
                  error={error(errors.background_color?.message)}
                  contrast={contrast?.background ?? null}
                  contrastLabel={t('settings.brand.onBackground')}
                />
              )}
            />
          </SimpleGrid>
          {/* Only readable colours are previewed: a preview of unreadable text would itself be unreadable. */}
          {contrast && contrast.primary >= MIN_TEXT_CONTRAST && contrast.background >= MIN_TEXT_CONTRAST ? (
            <BrandPreview name={watch('name')} primary={primary} background={background} />
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} className="ps-primary-action">
              {t('settings.brand.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Section>
  );
}

/** How the colours will look: the header's stripe, a button and a link on the page background. */
function BrandPreview({ name, primary, background }: { name: string; primary: string; background: string }) {
  const { t } = useTranslation();
  const shades = brandShades(primary);
  return (
    <Box
      role="img"
      aria-label={t('settings.brand.previewLabel')}
      p="md"
      style={{ background, borderRadius: 8, border: '1px solid var(--mantine-color-gray-4)', borderTop: `4px solid ${shades[5]}` }}
    >
      <Stack gap="xs" aria-hidden>
        <Text fw={700} c="var(--ps-color-title)">
          {name || t('app.name')}
        </Text>
        <Text size="sm" c="var(--mantine-color-text)">
          {t('settings.brand.previewText')}{' '}
          <Text component="span" size="sm" fw={600} c={shades[TEXT_SHADE]} td="underline">
            {t('settings.brand.previewLink')}
          </Text>
        </Text>
        <Group>
          <Box px="md" py={6} style={{ background: shades[TEXT_SHADE], color: '#fff', borderRadius: 6, fontWeight: 600, fontSize: 14 }}>
            {t('settings.brand.previewButton')}
          </Box>
        </Group>
      </Stack>
    </Box>
  );
}
