import { describe, expect, it } from 'vitest';
import { companyDetailsFieldsSchema, companyLetterheadSchema } from './companies.ts';
import auditEn from './locales/audit.en.json' with { type: 'json' };
import auditTa from './locales/audit.ta.json' with { type: 'json' };

describe("a company's details (issue 21, section 8)", () => {
  it('labels every field the settings screen changes, in English and Tamil, for the audit trail', () => {
    const en: Record<string, string> = auditEn.audit.fields;
    const ta: Record<string, string> = auditTa.audit.fields;
    const fields = Object.keys(companyDetailsFieldsSchema.shape);
    expect(fields.filter((field) => !en[field] || !ta[field])).toEqual([]);
  });

  it('puts what a document needs on its letterhead, and nothing of how mail is sent', () => {
    expect(Object.keys(companyLetterheadSchema.shape).sort()).toEqual(
      ['address', 'contact_email', 'contact_phone', 'name', 'tax_number', 'terms'].sort(),
    );
  });

  it('keeps a phone number as entered and an address over several lines; blank clears an optional field', () => {
    const parsed = companyDetailsFieldsSchema.parse({
      contact_email: ' Office@Harbour.example ',
      contact_phone: ' +44 (0)20 7946 0958 ',
      address: 'Harbour House\n12 Quay Street\n',
      tax_number: '',
      mail_sender_name: '   ',
      mail_reply_to: null,
      first_day_of_week: 1,
      terms: '',
    });
    expect(parsed).toEqual({
      contact_email: 'office@harbour.example',
      contact_phone: '+44 (0)20 7946 0958',
      address: 'Harbour House\n12 Quay Street',
      tax_number: null,
      mail_sender_name: null,
      mail_reply_to: null,
      first_day_of_week: 1,
      terms: null,
    });
  });
});
