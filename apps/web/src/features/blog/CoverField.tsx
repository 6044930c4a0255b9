import { Anchor, Box, Button, FileInput, Group, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { type BlogPost, MAX_COVER_BYTES } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { IconPhoto } from '../../components/icons';
import { readAsDataUrl, useCoverImage } from './api';

/** The cover chosen on the form: a new file (with its preview), or the current one taken off. */
export interface CoverChoice {
  file: File | null;
  preview: string | null;
  remove: boolean;
}
export const noCoverChange: CoverChoice = { file: null, preview: null, remove: false };

/** The post's cover image: the current one or the chosen file's preview, a file picker, and taking it off. */
export function CoverField({
  post,
  choice,
  onChoice,
  error,
  onError,
}: {
  post: BlogPost | undefined;
  choice: CoverChoice;
  onChoice: (choice: CoverChoice) => void;
  error: string | undefined;
  onError: (message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const current = useCoverImage(choice.remove ? undefined : post);
  const shown = choice.preview ?? (choice.remove ? null : (current.data ?? null));
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FileInput
          label={t('blog.form.cover')}
          description={t('blog.form.coverHint')}
          placeholder={t('blog.form.coverChoose')}
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          leftSection={<IconPhoto size={18} aria-hidden />}
          accept="image/jpeg,image/png,image/webp"
          clearable
          clearButtonProps={{ 'aria-label': t('blog.form.coverClear') }}
          value={choice.file}
          error={error}
          onChange={(file) => {
            onError(undefined);
            if (!file) {
              onChoice({ ...choice, file: null, preview: null });
              return;
            }
            if (file.size > MAX_COVER_BYTES) {
              onError(t('blog.form.coverTooBig'));
              onChoice({ ...choice, file: null, preview: null });
              return;
            }
            void readAsDataUrl(file).then((preview) => onChoice({ file, preview, remove: false }));
          }}
        />
        <Box>
          {shown ? (
            <Image src={shown} alt={t('blog.form.coverPreview')} radius="md" mah={200} fit="contain" data-testid="cover-preview" />
          ) : current.isFetching ? (
            <Loader size="sm" aria-label={t('app.loading')} />
          ) : (
            <Text size="sm" c="dimmed" pt={{ base: 0, sm: 'lg' }}>
              {t('blog.form.noCover')}
            </Text>
          )}
        </Box>
      </SimpleGrid>
      {post?.cover && !choice.remove && !choice.file ? (
        <Group>
          <Button variant="default" color="red" onClick={() => onChoice({ ...noCoverChange, remove: true })}>
            {t('blog.form.coverRemove')}
          </Button>
        </Group>
      ) : null}
      {choice.remove ? (
        <Text size="sm">
          {t('blog.form.coverWillGo')}{' '}
          <Anchor component="button" type="button" onClick={() => onChoice(noCoverChange)}>
            {t('blog.form.coverKeep')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
