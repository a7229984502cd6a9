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

/** "Test cards": a disclosure with the cards to try. */
export function TestCards() {
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
    </details>
  );
}
