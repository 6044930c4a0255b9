import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { BlogPostSummary } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash, IconWorldUpload } from '../../components/icons';
import { ListError, ListToolbar, ResourceTable } from '../../components/ListKit';
import { useCan } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { type SetListSearch, useEmptyPageStepBack, useListTableProps, useSearchBox } from '../../lib/list';
import { usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { blogResource, useBlogList } from './api';
import { PostDateLine, PostStateBadge, useLanguageName } from './PostState';
import { PublishDialog } from './PublishDialog';
import { type BlogListSearch, DEFAULT_BLOG_SORT, validateBlogSearch } from './search';

const route = getRouteApi('/$companyId/blog');

/** All, or one of a filter's values, kept in the URL (a choice of "all" leaves it out). */
function FilterControl<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      fullWidth
      size="md"
      aria-label={label}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? undefined : (next as V))}
      data={[{ value: 'all', label: t('kit.filter.all') }, ...options]}
      style={{ flex: '1 1 240px' }}
    />
  );
}

/** The company's blog posts: search, status and language in the URL, cards on phones; preview, publish, edit, delete. */
export function BlogListPage() {
  const { t } = useTranslation();
  usePageTitle(t('blog.title'));
  const [search, navigate] = usePageSearch(route, validateBlogSearch);
  const { companyId } = route.useParams();
  const can = useCan();
  const languageName = useLanguageName();

  const list = useBlogList(search);
  const setSearch: SetListSearch<BlogListSearch> = (patch, resetPage = true) =>
    navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });
  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const table = useListTableProps<BlogPostSummary, BlogListSearch>(search, setSearch, list.data?.total ?? 0, DEFAULT_BLOG_SORT);
  useEmptyPageStepBack(search, setSearch, list.data, list.isFetching);

  // Those who may write fetch the editor's chunk while they look at the list: the form then opens without waiting.
  const writer = can('blog.create') || can('blog.update');
  useEffect(() => {
    if (writer) void import('./RichTextField');
  }, [writer]);

  const remove = blogResource.useDelete();
  const [toDelete, setToDelete] = useState<BlogPostSummary | null>(null);
  const [toPublish, setToPublish] = useState<BlogPostSummary | null>(null);
  const filtered = Boolean(search.search) || search.status !== undefined || search.language !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('blog.title')}
        </Title>
        {can('blog.create') ? (
          <Button
            component={Link}
            to={`/${companyId}/blog/new`}
            size="md"
            leftSection={<IconPlus size={18} aria-hidden />}
            className="ps-primary-action"
          >
            {t('blog.add')}
          </Button>
        ) : null}
      </Group>

      <ListToolbar
        searchText={searchText}
        onSearchText={setSearchText}
        searchLabel={t('blog.search')}
        searchPlaceholder={t('blog.searchPlaceholder')}
      >
        <FilterControl
          label={t('blog.statusFilter')}
          value={search.status}
          options={[
            { value: 'draft', label: t('blog.states.draft') },
            { value: 'published', label: t('blog.states.published') },
          ]}
          onChange={(status) => void setSearch({ status })}
        />
        <FilterControl
          label={t('blog.languageFilter')}
          value={search.language}
          options={[
            { value: 'en', label: languageName('en') },
            { value: 'ta', label: languageName('ta') },
          ]}
          onChange={(language) => void setSearch({ language })}
        />
      </ListToolbar>

      {list.isError && !list.data ? (
        <ListError title={t('blog.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ResourceTable<BlogPostSummary>
          label={t('blog.title')}
          records={list.data?.records ?? []}
          fetching={list.isFetching}
          noRecordsText={filtered ? t('blog.emptyFiltered') : t('blog.empty')}
          table={table}
          cardTitle={(post) => (
            <Stack gap={2}>
              <Text fw={700} c="var(--ps-color-title)" lang={post.language} className="ps-wrap">
                {post.title}
              </Text>
              <Text size="sm" c="dimmed" className="ps-wrap">
                /{post.slug}
              </Text>
            </Stack>
          )}
          columns={[
            {
              accessor: 'title',
              title: t('blog.fields.title'),
              sortable: true,
              hideInCard: true,
              render: (post) => (
                <Stack gap={2} maw={480}>
                  <Text fw={600} c="var(--ps-color-bold)" lang={post.language} className="ps-wrap">
                    {post.title}
                  </Text>
                  <Text size="sm" c="dimmed" className="ps-wrap">
                    /{post.slug}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'language', title: t('blog.fields.language'), sortable: true, render: (post) => languageName(post.language) },
            {
              accessor: 'status',
              title: t('blog.fields.status'),
              sortable: true,
              render: (post) => (
                <Stack gap={4} align="flex-start">
                  <PostStateBadge post={post} />
                  <PostDateLine post={post} />
                </Stack>
              ),
            },
            {
              accessor: 'updated_at',
              title: t('blog.fields.updatedAt'),
              sortable: true,
              render: (post) => formatDateTime(post.updated_at),
            },
          ]}
          actions={(post) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <ActionIcon
                component={Link}
                to={`/${companyId}/blog/${post.id}/preview`}
                variant="subtle"
                size="lg"
                aria-label={t('blog.actions.preview', { title: post.title })}
              >
                <IconEye size={20} aria-hidden />
              </ActionIcon>
              {can('blog.update') ? (
                <>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t(post.status === 'draft' ? 'blog.actions.publish' : 'blog.actions.unpublish', { title: post.title })}
                    onClick={() => setToPublish(post)}
                  >
                    {post.status === 'draft' ? <IconWorldUpload size={20} aria-hidden /> : <IconEyeOff size={20} aria-hidden />}
                  </ActionIcon>
                  <ActionIcon
                    component={Link}
                    to={`/${companyId}/blog/${post.id}/edit`}
                    variant="subtle"
                    size="lg"
                    aria-label={t('blog.actions.edit', { title: post.title })}
                  >
                    <IconPencil size={20} aria-hidden />
                  </ActionIcon>
                </>
              ) : null}
              {can('blog.delete') ? (
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  aria-label={t('blog.actions.delete', { title: post.title })}
                  onClick={() => setToDelete(post)}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          )}
        />
      )}

      <PublishDialog post={toPublish} onClose={() => setToPublish(null)} />
      <DeleteDialog
        title={t('blog.delete.title')}
        recordName={toDelete ? `“${toDelete.title}”` : null}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toastSuccess(t('blog.toast.deleted', { title: toDelete.title }));
              setToDelete(null);
            },
            onError: () => setToDelete(null),
          })
        }
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
