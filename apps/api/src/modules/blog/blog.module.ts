import type { ApiModule } from '../../kit/modules.ts';
import { registerBlogRoutes } from './blog.routes.ts';

export const blogModule: ApiModule = {
  name: 'blog',
  tags: [{ name: 'blog', description: "A company's blog posts (English and Tamil), their cover images, and the public list for its site" }],
  errors: ['blog_slug_taken', 'blog_body_empty', 'blog_cover_type_not_allowed'],
  auditEntities: ['blog_post'],
  register: registerBlogRoutes,
};
