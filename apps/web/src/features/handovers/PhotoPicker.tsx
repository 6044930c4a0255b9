import { ActionIcon, Box, Button, Group, Stack, Text } from '@mantine/core';
import { MAX_HANDOVER_PHOTOS } from '@ps/contracts/common/handoverStates';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCamera, IconX } from '../../components/icons';
import { compressPhoto } from './photos';

/** A photo taken for this handover: its compressed JPEG as base64 (to send), its size and a preview (a data: URL). */
export interface PhotoDraft {
  id: string;
  base64: string;
  preview: string;
  bytes: number;
}

let photoSequence = 0;

/**
 * Photos of the car: the phone's camera opens at once (`capture="environment"`), several at a time are taken, each
 * made small before it is kept (photos.ts) and previewed with a remove button; at most MAX_HANDOVER_PHOTOS. A file the
 * browser cannot read as a picture is said so and left out. `error` is the API's word about a photo it refused.
 */
export function PhotoPicker({
  photos,
  onChange,
  error,
}: {
  photos: readonly PhotoDraft[];
  onChange: (next: PhotoDraft[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const hintId = useId();
  const latest = useRef(photos);
  latest.current = photos;

  const add = async (files: File[]) => {
    const room = MAX_HANDOVER_PHOTOS - latest.current.length;
    const taken = files.slice(0, Math.max(0, room));
    const found: string[] = [];
    if (files.length > taken.length) found.push(t('handovers.photos.tooMany', { count: MAX_HANDOVER_PHOTOS }));
    setBusy((count) => count + taken.length);
    for (const file of taken) {
      try {
        const { base64, bytes, preview } = await compressPhoto(file);
        photoSequence += 1;
        const photo = { id: `photo-${photoSequence}`, base64, preview, bytes };
        onChange([...latest.current, photo]);
        latest.current = [...latest.current, photo];
      } catch {
        found.push(t('handovers.photos.unreadable', { name: file.name }));
      } finally {
        setBusy((count) => count - 1);
      }
    }
    setProblems(found);
  };

  const remove = (photo: PhotoDraft) => {
    onChange(latest.current.filter((candidate) => candidate.id !== photo.id));
    setProblems([]);
  };

  const full = photos.length + busy >= MAX_HANDOVER_PHOTOS;
  return (
    <Stack gap="sm">
      <Text id={hintId} size="sm" c="dimmed">
        {t('handovers.photos.hint', { count: photos.length, max: MAX_HANDOVER_PHOTOS })}
      </Text>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        data-testid="photo-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // The same photo can be chosen again after it was removed.
          event.currentTarget.value = '';
          void add(files);
        }}
      />
      <Group gap="sm">
        <Button
          size="md"
          variant="default"
          className="ps-primary-action"
          leftSection={<IconCamera size={20} aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={full}
          loading={busy > 0}
          aria-describedby={hintId}
        >
          {t('handovers.photos.add')}
        </Button>
      </Group>
      {problems.length > 0 || error ? (
        <Stack gap={2} role="alert">
          {error ? (
            <Text size="sm" c="red.8">
              {error}
            </Text>
          ) : null}
          {problems.map((problem) => (
            <Text key={problem} size="sm" c="red.8">
              {problem}
            </Text>
          ))}
        </Stack>
      ) : null}
      {photos.length > 0 ? (
        <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="photo-previews">
          {photos.map((photo, index) => (
            <Box component="li" key={photo.id} pos="relative" className="ps-thumb-item ps-thumb-item-large">
              <img src={photo.preview} alt={t('handovers.photos.preview', { number: index + 1 })} className="ps-thumb" />
              <ActionIcon
                pos="absolute"
                top={4}
                right={4}
                size={44}
                radius="xl"
                color="dark"
                variant="filled"
                aria-label={t('handovers.photos.remove', { number: index + 1 })}
                onClick={() => remove(photo)}
              >
                <IconX size={20} aria-hidden />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
