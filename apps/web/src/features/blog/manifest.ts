import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const blogFeature = defineFeature({
  name: 'blog',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/blog', page: 'BlogListPage', permission: 'blog.view' },
    { scope: 'company', path: '/blog/new', page: 'BlogCreatePage', permission: 'blog.create' },
    { scope: 'company', path: '/blog/$postId/edit', page: 'BlogEditPage', permission: 'blog.update' },
    { scope: 'company', path: '/blog/$postId/preview', page: 'BlogPreviewPage', permission: 'blog.view' },
  ],
  nav: [{ scope: 'company', path: '/blog', title: 'nav.blog', icon: 'article', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
