import { Group, Loader, Modal, Text } from '@mantine/core';
import type { HandoverFile } from '@ps/contracts/handovers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHandoverImage } from './api';

/** A stored handover image, fetched with the session. */
export function StoredImage({ file, alt, className }: { file: HandoverFile; alt: string; className?: string }) {
  const { t } = useTranslation();
  const image = useHandoverImage(file.id);
  const url = image.data;
  if (image.isError) {
    return (
      <Text size="sm" c="red.8">
        {t('handovers.photos.loadError')}
      </Text>
    );
  }
  if (!url) return <Loader size="sm" role="status" aria-label={t('handovers.photos.loading')} />;
  return <img src={url} alt={alt} className={className} data-testid="handover-image" />;
}

/**
 * A handover's photos as thumbnails, each a button that opens the photo large in a dialog. `label` names the set
 * ("Check-in photos") for each thumbnail's description.
 */
export function PhotoThumbnails({ photos, label }: { photos: readonly HandoverFile[]; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const opened = open === null ? undefined : photos[open];
  if (photos.length === 0) return null;
  const altOf = (index: number) => t('handovers.photos.alt', { set: label, number: index + 1, count: photos.length });
  return (
    <>
      <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {photos.map((photo, index) => (
          <li key={photo.id} className="ps-thumb-item">
            <button
              type="button"
              className="ps-thumb-button"
              onClick={() => setOpen(index)}
              aria-label={t('handovers.photos.open', { name: altOf(index) })}
              data-testid="handover-thumbnail"
            >
              <StoredImage file={photo} alt="" className="ps-thumb" />
            </button>
          </li>
        ))}
      </Group>
      <Modal
        opened={opened !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? '' : altOf(open)}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened ? <StoredImage file={opened} alt={altOf(open ?? 0)} className="ps-photo-large" /> : null}
      </Modal>
    </>
  );
}
