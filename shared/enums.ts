/**
 * The enumerations of spec section 3, word for word. Each is an `as const` object (so values can
 * be listed and checked at run time) with a union type of the same name.
 */

/** Form field type (spec section 3). */
export const FormFieldType = {
  INPUT: 'INPUT',
  TEXTAREA: 'TEXTAREA',
  DROPDOWN: 'DROPDOWN',
  RADIO: 'RADIO',
  CHECKBOX: 'CHECKBOX',
  NAME: 'NAME',
  GUEST_CONTROL: 'GUEST_CONTROL',
  ADDRESS_SHORT: 'ADDRESS_SHORT',
  ADDRESS_FULL: 'ADDRESS_FULL',
  DATE: 'DATE',
} as const;
export type FormFieldType = (typeof FormFieldType)[keyof typeof FormFieldType];

/** Field value type (spec section 3). */
export const FieldValueType = {
  TEXT: 'TEXT',
  NUMBER: 'NUMBER',
  TEXT_ARRAY: 'TEXT_ARRAY',
  DATE_TIME: 'DATE_TIME',
  ADDRESS: 'ADDRESS',
} as const;
export type FieldValueType = (typeof FieldValueType)[keyof typeof FieldValueType];

/** Location type of an event (spec section 3). */
export const LocationType = {
  VENUE: 'VENUE',
  ONLINE: 'ONLINE',
} as const;
export type LocationType = (typeof LocationType)[keyof typeof LocationType];

/** Address subdivision type (spec section 3). */
export const AddressSubdivisionType = {
  UNKNOWN_SUBDIVISION_TYPE: 'UNKNOWN_SUBDIVISION_TYPE',
  ADMINISTRATIVE_AREA_LEVEL_1: 'ADMINISTRATIVE_AREA_LEVEL_1',
  ADMINISTRATIVE_AREA_LEVEL_2: 'ADMINISTRATIVE_AREA_LEVEL_2',
  ADMINISTRATIVE_AREA_LEVEL_3: 'ADMINISTRATIVE_AREA_LEVEL_3',
  ADMINISTRATIVE_AREA_LEVEL_4: 'ADMINISTRATIVE_AREA_LEVEL_4',
  ADMINISTRATIVE_AREA_LEVEL_5: 'ADMINISTRATIVE_AREA_LEVEL_5',
  COUNTRY: 'COUNTRY',
} as const;
export type AddressSubdivisionType = (typeof AddressSubdivisionType)[keyof typeof AddressSubdivisionType];

/** Event recurrence status (spec section 3). */
export const EventRecurrenceStatus = {
  ONE_TIME: 'ONE_TIME',
  RECURRING: 'RECURRING',
  RECURRING_NEXT: 'RECURRING_NEXT',
  RECURRING_LAST_ENDED: 'RECURRING_LAST_ENDED',
  RECURRING_LAST_CANCELED: 'RECURRING_LAST_CANCELED',
} as const;
export type EventRecurrenceStatus = (typeof EventRecurrenceStatus)[keyof typeof EventRecurrenceStatus];
