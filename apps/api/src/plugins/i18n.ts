import type { Language } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { pickLanguage, type Translate, translator } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** Message text in the language of the request's Accept-Language (en, ta). */
    t: Translate;
  }
}

export function registerI18n(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.decorateRequest('t', null as unknown as Translate);
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
    request.t = translator(request.language);
  });
}
