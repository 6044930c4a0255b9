import { Button, CopyButton, Group, Input, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCopy } from './icons';

/**
 * A value to hand on, read only, with a button that copies it. The label and its hint take the whole width above the
 * box and the button (beside the box, a phone left them a third of the screen). `multiline` shows a value of several
 * lines, or one too long to read in a line (a snippet of HTML), in a box that grows to fit it, wrapped.
 */
export function CopyField({
  label,
  description,
  value,
  testId,
  multiline = false,
}: {
  label: string;
  description?: string;
  value: string;
  testId: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shared = {
    id,
    value,
    readOnly: true,
    'aria-describedby': description ? `${id}-description` : undefined,
    'data-testid': testId,
    style: { flex: 1, minWidth: 0 },
    onFocus: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select(),
  };
  return (
    <Input.Wrapper label={label} description={description} id={id}>
      <Group gap="xs" wrap="nowrap" mt={4} align={multiline ? 'flex-start' : 'center'}>
        {multiline ? (
          <Textarea {...shared} autosize minRows={2} maxRows={6} styles={{ input: { fontFamily: 'monospace' } }} />
        ) : (
          <Input {...shared} />
        )}
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="sm"
              onClick={copy}
              aria-label={t(copied ? 'common.copiedNamed' : 'common.copyNamed', { name: label })}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Input.Wrapper>
  );
}
