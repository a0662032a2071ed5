import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUSINESS_STATUS_LABELS,
  BUSINESS_STATUSES,
  BusinessStatusSchema,
  CnicNumberSchema,
  MoneyInputSchema,
  NOTES_MAX,
  NtnNumberSchema,
  paymentModeAllowedFor,
  type StaffBusiness,
  TermsSchema,
  type UpdateBusinessInput,
} from '@shop/domain/businesses';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { deskApi } from '../orders/desk-client.ts';
import { btn, ErrorLine, field } from '../orders/desk-ui.tsx';
import { TermsFields } from './decision-forms.tsx';

// The form keeps what the person typed; the schema's transforms (CNIC digits) run on submit.
const FormSchema = z.object({
  terms: TermsSchema,
  status: BusinessStatusSchema,
  notes: z.string().trim().max(NOTES_MAX),
  cnic_number: CnicNumberSchema,
  ntn_number: NtnNumberSchema,
  city_id: z.string(),
  area_id: z.string(),
  limits: z.array(z.object({ user_id: z.number(), limit: MoneyInputSchema })),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const idOrNull = (v: string) => (v === '' ? null : Number(v));

type Places = Awaited<ReturnType<typeof deskApi.places>>;
type FormProps = { business: StaffBusiness; canWrite: boolean; busy: boolean; error: unknown; onSave: (input: UpdateBusinessInput) => void };

/** The business page's edit form: one save, one audited change on the server. */
export function BusinessForm(props: FormProps) {
  // The city and area lists first: a select filled after its value was set would show the wrong choice.
  const places = useQuery({ queryKey: ['staff', 'places'], queryFn: deskApi.places, staleTime: Number.POSITIVE_INFINITY });
  if (places.error) return <ErrorLine error={places.error} />;
  if (!places.data) return <p className="text-sm text-slate-500">Loading…</p>;
  return <BusinessFormFields {...props} places={places.data} />;
}

function BusinessFormFields({ business, canWrite, busy, error, onSave, places }: FormProps & { places: Places }) {
  const orderers = business.users.filter((u) => u.type === 'Orderer');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    values: {
      terms: business.terms,
      status: business.status,
      notes: business.notes,
      cnic_number: business.cnic_number,
      ntn_number: business.ntn_number,
      city_id: business.city_id == null ? '' : String(business.city_id),
      area_id: business.area_id == null ? '' : String(business.area_id),
      limits: orderers.map((u) => ({ user_id: u.id, limit: u.limit })),
    },
  });
  const cityId = form.watch('city_id');
  const areas = places.areas.filter((a) => String(a.city_id) === cityId) ?? [];
  const errors = form.formState.errors;
  const submit = form.handleSubmit((v) =>
    onSave({
      version: business.version,
      terms: v.terms,
      status: v.status,
      notes: v.notes,
      cnic_number: v.cnic_number,
      ntn_number: v.ntn_number,
      city_id: idOrNull(v.city_id),
      area_id: idOrNull(v.area_id),
      ...(v.limits.length ? { limits: v.limits } : {}),
    }),
  );
  return (
    <form noValidate aria-label="Business terms and status" onSubmit={submit} className="flex flex-col gap-4">
      <fieldset disabled={!canWrite} className="flex flex-col gap-4">
        <TermsFields form={form as never} allowCreditAndAdvance={paymentModeAllowedFor(business.verification, 'Credit')} />
        {business.verification !== 'approved' ? <p className="text-xs text-slate-600">Credit and Advance become available once the business is approved.</p> : null}
        <div className="grid grid-cols-2 gap-3 2xl:grid-cols-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Status
            <select className={field} {...form.register('status')}>
              {BUSINESS_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {BUSINESS_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            City
            <select
              className={field}
              {...form.register('city_id', {
                onChange: () => form.setValue('area_id', ''),
              })}
            >
              <option value="">—</option>
              {places.cities.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Area
            <select className={field} {...form.register('area_id')}>
              <option value="">—</option>
              {areas.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <span className="hidden 2xl:block" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            CNIC number
            <input className={field} placeholder="35202-1234567-1" {...form.register('cnic_number')} aria-invalid={errors.cnic_number ? true : undefined} />
            {errors.cnic_number ? <span className="text-sm font-normal text-rose-800">{errors.cnic_number.message}</span> : null}
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            NTN
            <input className={field} placeholder="1234567-8" {...form.register('ntn_number')} aria-invalid={errors.ntn_number ? true : undefined} />
            {errors.ntn_number ? <span className="text-sm font-normal text-rose-800">{errors.ntn_number.message}</span> : null}
          </label>
        </div>
        {orderers.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Orderers' cash limits (Rs.): a larger Cash order goes to Pending for the Approver</legend>
            <div className="grid grid-cols-2 gap-3 2xl:grid-cols-4">
              {orderers.map((u, i) => (
                <label key={u.id} className="flex flex-col gap-1 text-sm">
                  Limit of {u.name}
                  <input className={field} inputMode="decimal" {...form.register(`limits.${i}.limit`)} aria-invalid={errors.limits?.[i]?.limit ? true : undefined} />
                  {errors.limits?.[i]?.limit ? <span className="text-sm text-rose-800">{errors.limits[i]?.limit?.message}</span> : null}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          Notes (staff only)
          <textarea rows={3} maxLength={NOTES_MAX} className={field} {...form.register('notes')} />
        </label>
      </fieldset>
      <ErrorLine error={error} />
      {canWrite ? (
        <div>
          <button type="submit" className={btn.primary} disabled={busy || !form.formState.isDirty}>
            Save changes
          </button>
        </div>
      ) : null}
    </form>
  );
}
