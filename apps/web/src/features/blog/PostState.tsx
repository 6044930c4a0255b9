import { Badge, Text } from '@mantine/core';
import type { BlogPostSummary } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { postState } from './format';

const badgeColour = { draft: 'gray.7', published: 'green.9', scheduled: 'blue.8' } as const;

/** Draft, Published or Scheduled, as a dot badge (its text is dark enough on any background: AA). */
export function PostStateBadge({ post }: { post: Pick<BlogPostSummary, 'status' | 'published_at'> }) {
  const { t } = useTranslation();
  const state = postState(post);
  return (
    <Badge variant="dot" color={badgeColour[state]} size="lg" tt="none" miw="max-content" data-testid="post-state">
      {t(`blog.states.${state}`)}
    </Badge>
  );
}

/** When the post is (or goes) on the site, in the user's language and clock. */
export function PostDateLine({ post }: { post: Pick<BlogPostSummary, 'status' | 'published_at'> }) {
  const { t } = useTranslation();
  const state = postState(post);
  const text =
    state === 'draft'
      ? t('blog.dates.notOnSite')
      : t(state === 'scheduled' ? 'blog.dates.scheduledFor' : 'blog.dates.publishedOn', { date: formatDateTime(post.published_at ?? '') });
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

/** "English" / "Tamil" in the user's language. */
export function useLanguageName() {
  const { t } = useTranslation();
  return (language: 'en' | 'ta') => t(`blog.languages.${language}`);
}
