// What sign-up steps 1 and 2 carry to the next step in navigation state (SPEC 4).
import { DOCUMENT_KINDS, type DocumentKind } from '@shop/domain/account-rules';

export interface Step1Draft {
  name: string;
  businessName: string;
  phone: string;
  email: string;
}

export interface Step2Draft {
  businessTypeId: number | '';
  businessType: string;
  subTypeId: number | '';
  cityId: number | '';
  areaId: number | '';
  storeId: number | '';
}

export const EMPTY_STEP2: Step2Draft = { businessTypeId: '', businessType: '', subTypeId: '', cityId: '', areaId: '', storeId: '' };

export type Documents = Partial<Record<DocumentKind, string>>;

/** SPEC 3 registration payload. Upload Later sends the same payload with empty values. */
export function registrationPayload(step1: Step1Draft, step2: Step2Draft, documents: Documents = {}) {
  const images = Object.fromEntries(DOCUMENT_KINDS.map((k) => [k, documents[k] ?? '']));
  return {
    step: 1,
    business_name: step1.businessName.trim(),
    business_type: step2.businessType,
    business_type_id: step2.businessTypeId,
    business_sub_type_id: step2.subTypeId,
    business_users: [
      {
        mobile_no: step1.phone,
        email: step1.email.trim(),
        name: step1.name.trim(),
        users: [{ mobile_no: step1.phone, email: step1.email.trim() }],
        ...images,
        city_id: step2.cityId,
        area_id: step2.areaId,
        store_id: step2.storeId,
        latitude: '',
        longitude: '',
      },
    ],
  };
}
