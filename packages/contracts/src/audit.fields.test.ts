import { describe, expect, it } from 'vitest';
import { auditFieldPresentation, auditLabelledFields, isInternalAuditField } from './audit.fields.ts';
import auditEn from './locales/audit.en.json' with { type: 'json' };
import auditTa from './locales/audit.ta.json' with { type: 'json' };

describe('audit field presentation (issue 21)', () => {
  it('labels every field it presents, in English and Tamil', () => {
    const en: Record<string, string> = auditEn.audit.fields;
    const ta: Record<string, string> = auditTa.audit.fields;
    const unlabelled = auditLabelledFields().filter((field) => !en[field] || !ta[field]);
    expect(unlabelled).toEqual([]);
  });

  it('hides bookkeeping and declares money, times and references', () => {
    for (const field of ['company_id', 'created_by', 'idempotency_key', 'stored_name', 'cover_stored_name', 'id', 'html_body']) {
      expect(isInternalAuditField('payment', field), field).toBe(true);
    }
    expect(isInternalAuditField('booking', 'notes')).toBe(false);
    expect(auditFieldPresentation('payment', 'amount')).toEqual({ kind: 'money' });
    expect(auditFieldPresentation('payment', 'paid_at')).toEqual({ kind: 'instant' });
    expect(auditFieldPresentation('trip', 'driver_id')).toEqual({ kind: 'reference', to: 'driver' });
    expect(auditFieldPresentation('payment', 'booking_id')).toEqual({ kind: 'reference', to: 'booking' });
    // A name that merely looks like one of the table's (the prototype's) is no field.
    expect(auditFieldPresentation('booking', 'constructor')).toBeUndefined();
  });
});
