import { Button, CopyButton, Group, Input } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCopy } from './icons';

/**
 * A value to hand on, read only, with a button that copies it. The label and its hint take the whole width above the
 * box and the button (beside the box, a phone left them a third of the screen).
 */
export function CopyField({ label, description, value, testId }: { label: string; description?: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Input.Wrapper label={label} description={description} id={id}>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <Input
          id={id}
          value={value}
          readOnly
          aria-describedby={description ? `${id}-description` : undefined}
          data-testid={testId}
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
        />
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
