/** The blog feature's lazy chunk: the company's posts, their form (the rich text editor comes in a chunk of its own) and preview. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { BlogCreatePage, BlogEditPage } from './BlogFormPage';
export { BlogListPage } from './BlogListPage';
export { BlogPreviewPage } from './BlogPreviewPage';
