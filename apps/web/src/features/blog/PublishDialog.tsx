import type { BlogPostSummary } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastSuccess } from '../../lib/toast';
import { useSetPublished } from './api';

/**
 * Asks before a post goes on the company's site (now) or comes off it (back to a draft; the audit log keeps when
 * it was published). `post` null keeps the dialog closed.
 */
export function PublishDialog({ post, onClose }: { post: Pick<BlogPostSummary, 'id' | 'title' | 'status'> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const setPublished = useSetPublished();
  const publishing = post?.status === 'draft';
  return (
    <ConfirmDialog
      opened={post !== null}
      title={publishing ? t('blog.publish.title') : t('blog.unpublish.title')}
      body={post ? t(publishing ? 'blog.publish.body' : 'blog.unpublish.body', { title: post.title }) : ''}
      confirmLabel={publishing ? t('blog.publish.confirm') : t('blog.unpublish.confirm')}
      tone={publishing ? 'default' : 'danger'}
      busy={setPublished.isPending}
      onConfirm={() =>
        post &&
        setPublished.mutate(
          { id: post.id, published: publishing },
          {
            onSuccess: (saved) => {
              toastSuccess(t(publishing ? 'blog.toast.published' : 'blog.toast.unpublished', { title: saved.title }));
              onClose();
            },
            onError: onClose,
          },
        )
      }
      onClose={onClose}
    />
  );
}
