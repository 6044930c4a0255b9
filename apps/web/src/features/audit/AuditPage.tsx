import { Anchor, Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AuditAction, AuditEntity, AuditEntry, AuditFieldChange } from '@ps/contracts';
import { auditActions, auditEntities } from '@ps/contracts/audit';
import { auditFieldPresentation } from '@ps/contracts/audit.fields';
import { browserTimeZone } from '@ps/contracts/common/zonedTime';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '../../components/icons';
import { ListError, ResourceTable } from '../../components/ListKit';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { toastApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/csv';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDateTime, useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { useListTableProps } from '../../lib/list';
import { usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { fetchAuditCsv, useAuditFilters, useAuditLog } from './api';
import { type AuditSearch, hasAuditFilter, parseAuditSearch } from './search';

const route = getRouteApi('/$companyId/audit');

const RECORD_DEBOUNCE_MS = 400;

/** A value as the log holds it, in words: nothing as a dash, lists and objects as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * One side of a changed field as the contracts present it (audit.fields.ts): another record by the name the API gives,
 * money in the company's currency, a time on the company's clock, anything else as it is.
 */
function useFieldValue() {
  const { t } = useTranslation();
  const money = useMoney();
  const user = useCurrentUser();
  const zone = user.data?.company_time_zone ?? browserTimeZone();
  return (entity: string, change: AuditFieldChange, side: 'from' | 'to'): string => {
    const raw = change[side];
    const name = side === 'from' ? change.from_name : change.to_name;
    if (raw === null || raw === undefined || raw === '') return '—';
    if (name !== null) return name;
    const presentation = auditFieldPresentation(entity, change.field);
    if (presentation?.kind === 'money' && typeof raw === 'number') return money.format(raw);
    if (presentation?.kind === 'instant' && typeof raw === 'string' && !Number.isNaN(Date.parse(raw))) {
      return formatDateTime(raw, zone);
    }
    // A record gone since keeps its id.
    if (presentation?.kind === 'reference') return t('audit.gone', { id: valueText(raw) });
    return valueText(raw);
  };
}

function useAuditText() {
  const { t } = useTranslation();
  return {
    entity: (entity: string) => t(`audit.entities.${entity}`, { defaultValue: entity }),
    action: (action: AuditAction) => t(`audit.actions.${action}`),
    field: (field: string) => t(`audit.fields.${field}`, { defaultValue: field }),
    who: (entry: AuditEntry) =>
      entry.actor === null ? t('audit.system') : (entry.actor.name ?? t('audit.unknownUser', { id: entry.actor.id })),
  };
}

/** An entry's fields, folded until asked for: each with its value before and after (only after on a creation...). */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const text = useAuditText();
  const sideText = useFieldValue();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (entry.changes.length === 0) return <Text size="sm">{t('audit.noFields')}</Text>;
  const shown = (change: AuditFieldChange) =>
    entry.action === 'create'
      ? sideText(entry.entity, change, 'to')
      : entry.action === 'delete'
        ? sideText(entry.entity, change, 'from')
        : t('audit.fromTo', { from: sideText(entry.entity, change, 'from'), to: sideText(entry.entity, change, 'to') });
  return (
    <Stack gap={4} align="flex-start" miw={0}>
      <Button
        variant="subtle"
        size="compact-md"
        px={4}
        // A Tamil label wraps on a phone: the button grows with it instead of cutting the second line.
        h="auto"
        mih={28}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="audit-toggle"
      >
        {open ? t('audit.hideChanges') : t('audit.showChanges', { count: entry.changes.length })}
      </Button>
      {open ? (
        <Box
          id={panelId}
          component="dl"
          m={0}
          aria-label={t('audit.changesOf', { resource: text.entity(entry.entity), record: entry.record_name ?? entry.entity_id })}
          data-testid="audit-changes"
          style={{ display: 'grid', gridTemplateColumns: 'minmax(5rem, max-content) minmax(0, 1fr)', gap: '4px 12px' }}
        >
          {entry.changes.map((change) => (
            <Box key={change.field} style={{ display: 'contents' }}>
              <Text component="dt" size="sm" c="dimmed">
                {text.field(change.field)}
              </Text>
              <Text component="dd" size="sm" m={0} className="ps-wrap" style={{ whiteSpace: 'pre-wrap' }} data-field={change.field}>
                {shown(change)}
              </Text>
            </Box>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}

/** The record id box: typed freely, written to the URL once typing pauses (like a list's search box). */
function RecordFilter({ value, onChange }: { value: string | undefined; onChange: (value: string | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text.trim(), RECORD_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== (value ?? '')) onChange(debounced || undefined);
    // Only a newly typed value navigates.
  }, [debounced]);
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <TextInput
      size="md"
      label={t('audit.filters.record')}
      placeholder={t('audit.filters.recordPlaceholder')}
      value={text}
      maxLength={64}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}

/** `/{company}/audit`: the company's audit log, filtered, paged, each change's fields before and after; a CSV of it. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('audit.title'));
  const { companyId } = route.useParams();
  const [search, navigate] = usePageSearch(route, parseAuditSearch);
  const setSearch = (patch: Partial<AuditSearch>, resetPage = true) => {
    // The router writes a string that reads as a number in quotes (`entity_id=%2212%22`): a numeric record id goes in as a
    // number, so the URL reads `entity_id=12` (parseAuditSearch turns it back into text).
    const entityId = patch.entity_id !== undefined && /^\d{1,15}$/.test(patch.entity_id) ? Number(patch.entity_id) : patch.entity_id;
    const written = 'entity_id' in patch ? { ...patch, entity_id: entityId as string | undefined } : patch;
    return navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...written }), replace: true });
  };
  const user = useCurrentUser();
  const zone = user.data?.company_time_zone ?? browserTimeZone();
  const text = useAuditText();
  const log = useAuditLog(search);
  const filters = useAuditFilters();
  const table = useListTableProps<AuditEntry, AuditSearch>(search, setSearch, log.data?.total ?? 0, '-created_at');
  const [exporting, setExporting] = useState(false);
  const backwards = Boolean(search.from && search.to && search.from > search.to);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await fetchAuditCsv(search);
      downloadBlob(`${t('audit.exportFile')}-${new Date().toISOString().slice(0, 10)}.csv`, blob);
      toastSuccess(t('audit.exported'));
    } catch (error) {
      toastApiError(error);
    } finally {
      setExporting(false);
    }
  };

  // The lists offer who and what appear in the log; a value in the URL that no longer appears is still offered.
  const people = filters.data?.users ?? [];
  const userOptions = [
    { value: '', label: t('audit.filters.allUsers') },
    ...people.map((person) => ({ value: String(person.id), label: person.name ?? t('audit.unknownUser', { id: person.id }) })),
    ...(search.user_id && !people.some((person) => person.id === search.user_id)
      ? [{ value: String(search.user_id), label: t('audit.unknownUser', { id: search.user_id }) }]
      : []),
  ];
  const present = filters.data?.entities ?? [];
  const entities = auditEntities.filter((entity) => present.includes(entity) || entity === search.entity);
  const entityOptions = [
    { value: '', label: t('audit.filters.allResources') },
    ...entities
      .map((entity) => ({ value: entity, label: text.entity(entity) }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('audit.title')}
          </Title>
          <Text size="sm">{t('audit.intro')}</Text>
        </Stack>
        <Button
          variant="default"
          size="md"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exporting}
          disabled={backwards}
          onClick={() => void exportCsv()}
        >
          {t('audit.export')}
        </Button>
      </Group>

      <Paper p={{ base: 'sm', sm: 'md' }} radius="md" withBorder component="section" aria-label={t('audit.filters.region')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Select
            {...keyboardScrollable}
            size="md"
            label={t('audit.filters.user')}
            data={userOptions}
            value={search.user_id ? String(search.user_id) : ''}
            allowDeselect={false}
            searchable
            onChange={(value) => void setSearch({ user_id: value ? Number(value) : undefined })}
          />
          <Select
            {...keyboardScrollable}
            size="md"
            label={t('audit.filters.resource')}
            data={entityOptions}
            value={search.entity ?? ''}
            allowDeselect={false}
            searchable
            onChange={(value) => void setSearch({ entity: (value || undefined) as AuditEntity | undefined })}
          />
          <RecordFilter value={search.entity_id} onChange={(entity_id) => void setSearch({ entity_id })} />
          <Select
            {...keyboardScrollable}
            size="md"
            label={t('audit.filters.action')}
            data={[
              { value: '', label: t('audit.filters.allActions') },
              ...auditActions.map((action) => ({ value: action, label: text.action(action) })),
            ]}
            value={search.action ?? ''}
            allowDeselect={false}
            onChange={(value) => void setSearch({ action: (value || undefined) as AuditAction | undefined })}
          />
          <TextInput
            size="md"
            type="date"
            label={t('audit.filters.from')}
            value={search.from ?? ''}
            onChange={(event) => void setSearch({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            size="md"
            type="date"
            label={t('audit.filters.to')}
            value={search.to ?? ''}
            error={backwards ? translateMessage('validation.dateOrder') : undefined}
            onChange={(event) => void setSearch({ to: event.currentTarget.value || undefined })}
          />
        </SimpleGrid>
        {hasAuditFilter(search) ? (
          <Button
            mt="sm"
            variant="subtle"
            size="md"
            onClick={() =>
              void setSearch({
                user_id: undefined,
                entity: undefined,
                entity_id: undefined,
                action: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            {t('audit.filters.clear')}
          </Button>
        ) : null}
      </Paper>

      {log.isError && !log.data ? (
        <ListError title={t('audit.loadError')} error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <ResourceTable<AuditEntry>
          label={t('audit.title')}
          records={log.data?.records ?? []}
          fetching={log.isFetching}
          noRecordsText={hasAuditFilter(search) ? t('audit.emptyFiltered') : t('audit.empty')}
          table={table}
          cardTitle={(entry) => (
            <Stack gap={0}>
              <Text fw={700} c="var(--ps-color-title)">
                {text.action(entry.action)} · {text.entity(entry.entity)}
              </Text>
              <Text size="sm">{formatDateTime(entry.created_at, zone)}</Text>
            </Stack>
          )}
          columns={[
            {
              accessor: 'created_at',
              title: t('audit.columns.when'),
              hideInCard: true,
              render: (entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at, zone)}</span>,
            },
            { accessor: 'actor', title: t('audit.columns.who'), render: (entry) => text.who(entry) },
            { accessor: 'entity', title: t('audit.columns.resource'), hideInCard: true, render: (entry) => text.entity(entry.entity) },
            {
              accessor: 'entity_id',
              title: t('audit.columns.record'),
              render: (entry) =>
                entry.entity === 'booking' && /^\d+$/.test(entry.entity_id) ? (
                  <Anchor href={`/${companyId}/bookings/${entry.entity_id}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t('audit.bookingLink', { id: entry.record_name ?? entry.entity_id })}
                  </Anchor>
                ) : (
                  // By its name where it has one (a driver's, a car park's); its id otherwise.
                  <span className="ps-wrap">{entry.record_name ?? entry.entity_id}</span>
                ),
            },
            { accessor: 'action', title: t('audit.columns.action'), hideInCard: true, render: (entry) => text.action(entry.action) },
            { accessor: 'changes', title: t('audit.columns.changes'), render: (entry) => <Changes entry={entry} /> },
          ]}
        />
      )}
    </Stack>
  );
}
