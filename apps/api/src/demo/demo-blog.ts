import type { DbOrTx } from '../db/client.ts';
import { blogPosts } from '../db/schema/index.ts';
import { richTextToPlainText, sanitizeRichText } from '../lib/richText.ts';

const DAY = 86_400_000;

/**
 * Demo blog posts of the demo company: one published in English, one in Tamil, and an English draft. Stored as the
 * API stores a post (the body through the allowlist, its text beside it).
 */
export async function seedDemoBlog(tx: DbOrTx, companyId: number, now: Date = new Date()): Promise<void> {
  const post = (values: { title: string; slug: string; language: 'en' | 'ta'; html: string; publishedDaysAgo: number | null }) => {
    const body = sanitizeRichText(values.html);
    return {
      company_id: companyId,
      title: values.title,
      slug: values.slug,
      language: values.language,
      body,
      body_text: richTextToPlainText(body),
      status: values.publishedDaysAgo === null ? ('draft' as const) : ('published' as const),
      published_at: values.publishedDaysAgo === null ? null : new Date(now.getTime() - values.publishedDaysAgo * DAY),
    };
  };
  await tx.insert(blogPosts).values([
    post({
      title: 'Meet and greet at Heathrow Terminal 5: how it works',
      slug: 'meet-and-greet-heathrow-terminal-5',
      language: 'en',
      publishedDaysAgo: 12,
      html:
        '<p>Drive to the short-stay car park at <strong>Terminal 5</strong>, hand your keys to our driver and walk to check-in. ' +
        'Your car waits in our secure yard until you land.</p><h2>On your way back</h2><ol><li><p>Call us when you have your luggage.</p></li>' +
        '<li><p>Your driver meets you at the same spot.</p></li></ol><p>Questions? Write to <a href="mailto:office@example.com">office@example.com</a>.</p>',
    }),
    post({
      title: 'கொழும்பு விமான நிலையத்தில் எங்கள் புதிய சேவை',
      slug: 'kozhumpu-vimaana-nilaiyaththil-engal-puthiya-sevai',
      language: 'ta',
      publishedDaysAgo: 3,
      html:
        '<p>இனி <strong>கொழும்பு பண்டாரநாயக்க</strong> விமான நிலையத்திலும் உங்கள் வாகனத்தை எங்களிடம் ஒப்படைக்கலாம்.</p>' +
        '<h2>எப்படி முன்பதிவு செய்வது</h2><ul><li><p>உங்கள் பயண நாட்களைத் தேர்ந்தெடுங்கள்.</p></li><li><p>ஓட்டுநர் உங்களை முனையத்தில் சந்திப்பார்.</p></li></ul>',
    }),
    post({
      title: 'Winter parking prices 2026',
      slug: 'winter-parking-prices-2026',
      language: 'en',
      publishedDaysAgo: null,
      html: '<p>Our winter prices start on 1 November. <em>Draft: check the figures with the office before publishing.</em></p>',
    }),
  ]);
}
