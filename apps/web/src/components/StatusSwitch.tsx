import { Group, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../lib/currentUser';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A record's active/inactive switch in a list. It asks before changing anything (one stray tap on a phone
 * must not take an airport out of service), and its name says which record it is ("Active: LHR – London
 * Heathrow"), so twenty switches are not all called "Active". Without `permission` (the role may not change the
 * record) it is only the word "Active" or "Inactive".
 */
export function StatusSwitch({
  active,
  recordName,
  busy,
  onChange,
  permission,
}: {
  /** What changing the status needs, e.g. `airports.update`. */
  permission: string;
  active: boolean;
  recordName: string;
  busy: boolean;
  onChange: (status: 0 | 1) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<0 | 1 | null>(null);
  const can = useCan();
  if (!can(permission)) {
    return (
      <Text size="sm" data-testid="status-read-only">
        {active ? t('status.active') : t('status.inactive')}
      </Text>
    );
  }
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Switch
          size="md"
          checked={active}
          aria-label={t('kit.status.switch', { name: recordName })}
          onChange={(event) => setAsking(event.currentTarget.checked ? 1 : 0)}
          disabled={busy}
        />
        <Text size="sm" aria-hidden>
          {active ? t('status.active') : t('status.inactive')}
        </Text>
      </Group>
      <ConfirmDialog
        opened={asking !== null}
        title={t(asking === 1 ? 'kit.status.activateTitle' : 'kit.status.deactivateTitle')}
        body={t(asking === 1 ? 'kit.status.activateBody' : 'kit.status.deactivateBody', { name: recordName })}
        confirmLabel={t(asking === 1 ? 'kit.status.activate' : 'kit.status.deactivate')}
        busy={busy}
        onConfirm={() => {
          if (asking !== null) onChange(asking);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
