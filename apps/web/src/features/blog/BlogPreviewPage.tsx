import { Alert, Button, Group, Image, Paper, rem, Stack, Text, Title, Typography } from '@mantine/core';
import type { BlogPost } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './blog.css';
import { BackToListLink } from '../../components/FormKit';
import { IconEyeOff, IconPencil, IconWorldUpload } from '../../components/icons';
import { RecordState } from '../../components/RecordState';
import { useCan } from '../../lib/currentUser';
import { usePageTitle } from '../../lib/pageTitle';
import { blogResource, useCoverImage } from './api';
import { PostDateLine, PostStateBadge, useLanguageName } from './PostState';
import { PublishDialog } from './PublishDialog';
import { useTamilFontStack } from './tamilFont';

const route = getRouteApi('/$companyId/blog/$postId/preview');

/**
 * The post as its readers see it: cover, title, date and the body exactly as stored (the API's allowlist made it
 * safe; the page's CSP runs no inline script either way).
 */
function Article({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const cover = useCoverImage(post);
  const tamilStack = useTamilFontStack(post.language === 'ta');
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      lang={post.language}
      style={tamilStack ? { fontFamily: tamilStack } : undefined}
      data-testid="blog-preview"
    >
      <Stack gap="md">
        {cover.data ? (
          <Image src={cover.data} alt={t('blog.preview.coverAlt', { title: post.title })} radius="md" mah={420} fit="cover" />
        ) : null}
        <Title order={2} fz={{ base: rem(26), sm: rem(34) }} lh={1.3} className="ps-wrap" style={{ fontFamily: 'inherit' }}>
          {post.title}
        </Title>
        <PostDateLine post={post} />
        <Typography>
          {/* The stored body is the API's allowlist output (apps/api/src/lib/richText.ts), shown under a CSP without inline scripts. */}
          <div className="ps-blog-content" data-testid="blog-preview-body" dangerouslySetInnerHTML={{ __html: post.body }} />
        </Typography>
      </Stack>
    </Paper>
  );
}

export function BlogPreviewPage() {
  const { t } = useTranslation();
  const { companyId, postId } = route.useParams();
  const post = blogResource.useOne(Number(postId));
  const can = useCan();
  const languageName = useLanguageName();
  const [toPublish, setToPublish] = useState<BlogPost | null>(null);
  usePageTitle(post.data ? t('blog.preview.title', { title: post.data.title }) : t('blog.preview.titleGeneric'));
  const list = `/${companyId}/blog`;
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={list} label={t('blog.backToList')} />
      <Title order={1} size="h3">
        {t('blog.preview.heading')}
      </Title>
      <RecordState query={post} notFoundTitle={t('blog.notFound')}>
        {(current) => (
          <Stack gap="md">
            <Alert color="blue" variant="light" title={t('blog.preview.noteTitle')}>
              <Stack gap="xs">
                <Group gap="sm">
                  <PostStateBadge post={current} />
                  <Text size="sm">
                    {languageName(current.language)} · /{current.slug}
                  </Text>
                </Group>
                <Text size="sm">{t(current.status === 'draft' ? 'blog.preview.draftNote' : 'blog.preview.note')}</Text>
              </Stack>
            </Alert>
            {can('blog.update') ? (
              <Group gap="sm">
                <Button
                  component={Link}
                  to={`/${companyId}/blog/${current.id}/edit`}
                  variant="default"
                  leftSection={<IconPencil size={18} aria-hidden />}
                  className="ps-primary-action"
                >
                  {t('blog.preview.edit')}
                </Button>
                <Button
                  variant={current.status === 'draft' ? 'filled' : 'default'}
                  leftSection={
                    current.status === 'draft' ? <IconWorldUpload size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />
                  }
                  onClick={() => setToPublish(current)}
                  className="ps-primary-action"
                >
                  {current.status === 'draft' ? t('blog.publish.confirm') : t('blog.unpublish.confirm')}
                </Button>
              </Group>
            ) : null}
            <Article post={current} />
          </Stack>
        )}
      </RecordState>
      <PublishDialog post={toPublish} onClose={() => setToPublish(null)} />
    </Stack>
  );
}
