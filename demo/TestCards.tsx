import { BLIK_TEST_CODES } from '../shared/localMethods';

/** The reference provider's test cards and what each does (docs/development.md). */
const CARDS: readonly [number: string, outcome: string][] = [
  ['4242 4242 4242 4242', 'Approved'],
  ['4000 0000 0000 0002', 'Declined'],
  ['4000 0000 0000 9995', 'Declined: insufficient funds'],
  [
    '4000 0027 6000 3184',
    'Your bank asks you to confirm (3-D Secure): Complete authentication → approved, Fail authentication → declined',
  ],
  ['4000 0000 0000 3055', '3-D Secure without a challenge → approved'],
  ['4000 0084 0000 1629', 'Your bank asks you to confirm, then declines'],
];

/** The reference provider's BLIK test codes (shared/localMethods.ts `BLIK_TEST_CODES`) and what each does. */
const BLIK_CODES: readonly [code: string, outcome: string][] = [
  [BLIK_TEST_CODES.approved, 'Approved after 2 s'],
  [BLIK_TEST_CODES.declined, 'Declined in the banking app'],
  [BLIK_TEST_CODES.neverConfirmed, 'Never confirmed: the code expires after 120 s'],
];

/** "Test cards": a disclosure with the cards to try, and for a Polish buyer (`country` PL) the BLIK codes. */
export function TestCards({ country }: { country?: string | undefined } = {}) {
  return (
    <details className="test-cards">
      <summary>Test cards</summary>
      <p>Any future expiry date, security code 123.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Card number</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {CARDS.map(([number, outcome]) => (
            <tr key={number}>
              <td>{number}</td>
              <td>{outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {country === 'PL' && (
        <table className="blik-codes">
          <caption>BLIK codes (any other code is refused)</caption>
          <thead>
            <tr>
              <th scope="col">BLIK code</th>
              <th scope="col">What happens</th>
            </tr>
          </thead>
          <tbody>
            {BLIK_CODES.map(([code, outcome]) => (
              <tr key={code}>
                <td>{code}</td>
                <td>{outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
