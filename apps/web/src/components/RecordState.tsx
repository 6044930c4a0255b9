import { Alert, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What an edit page shows for its record: a loader while it comes, a clear "not found" (another company's
 * record, a deleted one) when it does not, else the form the caller renders with it.
 */
export function RecordState<Row>({
  query,
  notFoundTitle,
  children,
}: {
  query: Pick<UseQueryResult<Row, Error>, 'data' | 'error' | 'isPending' | 'fetchStatus'>;
  notFoundTitle: string;
  children: (record: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <Center py="xl" role="status">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (!query.data) {
    return (
      <Alert color="red" variant="light" title={notFoundTitle} role="alert">
        <Text size="sm">{query.error?.message ?? t('errors.not_found')}</Text>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
