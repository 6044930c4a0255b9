import type { BlogPostSummary } from '@ps/contracts';

/** Where a post stands for its readers: a draft, on the site, or published for a later time (scheduled). */
export type PostState = 'draft' | 'published' | 'scheduled';

export function postState(post: Pick<BlogPostSummary, 'status' | 'published_at'>, now = Date.now()): PostState {
  if (post.status === 'draft' || !post.published_at) return 'draft';
  return Date.parse(post.published_at) > now ? 'scheduled' : 'published';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the value of `<input type="datetime-local">` on the user's clock (minutes), '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the user's clock) as a UTC ISO instant; null when it is not a time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * A link address as the user typed it in the editor's link box: with its scheme, or an e-mail address (mailto:), or
 * a web address without `https://`. Whether the API keeps it (http, https, mailto only) is decided there.
 */
export function normaliseLinkInput(value: string): string {
  const typed = value.trim();
  if (typed === '' || /^[a-z][a-z0-9+.-]*:/i.test(typed)) return typed;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(typed)) return `mailto:${typed}`;
  return `https://${typed.replace(/^\/+/, '')}`;
}
