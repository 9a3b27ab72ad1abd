import { createRestBillingAccountApi } from '../../../../web/src/features/subscriptions/api/billing-account-api';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { jsonResponse, restClientAnswering } from '../../support/rest';
import { testConfig } from '../../support/render';

/** The card on file and invoices over the real REST client, against fake HTTP answers. */

function billingAccountApi(answer: Response) {
  const { client, fetchImpl } = restClientAnswering(answer);
  const call = () => fetchImpl.mock.calls[0] as [string, RequestInit];
  return { api: createRestBillingAccountApi(testConfig(), client), call };
}

describe('the billing account API', () => {
  it('reads the card and invoices from GET /user/billing with the id token', async () => {
    const overview = { card: null, invoices: [] };
    const { api, call } = billingAccountApi(jsonResponse(200, overview));

    await expect(api.getOverview()).resolves.toEqual(overview);
    expect(call()[0]).toBe('http://127.0.0.1:5181/prod/user/billing');
    expect((call()[1].headers as Record<string, string>).Authorization).toBe('id-token-ada');
  });

  it('sends the card token with PUT /user/billing/card', async () => {
    const card = { brand: 'Visa', lastFour: '1111', expMonth: 11, expYear: 2031 };
    const { api, call } = billingAccountApi(jsonResponse(200, { card }));

    await expect(api.updateCard('tok-1111')).resolves.toEqual({ card });
    expect(call()[1].method).toBe('PUT');
    expect(JSON.parse(String(call()[1].body))).toEqual({ billingToken: 'tok-1111' });
  });

  it("passes a refused card's field message on", async () => {
    const { api } = billingAccountApi(
      jsonResponse(400, { code: 'card_declined', message: 'Your card was declined.', fields: { billingToken: 'Your card was declined.' } }),
    );
    await expect(api.updateCard('tok-0002')).rejects.toMatchObject({ status: 400, fields: { billingToken: 'Your card was declined.' } });
  });

  it("turns the PDF's base64 into the file's exact bytes", async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe2, 0xe3, 0xcf, 0xd3]);
    const { api, call } = billingAccountApi(
      jsonResponse(200, { fileName: 'invoice-a1.pdf', contentType: 'application/pdf', base64: bytes.toString('base64') }),
    );

    const blob = await api.getInvoicePdf('a1');

    expect(call()[0]).toBe('http://127.0.0.1:5181/prod/user/billing/invoices/a1/pdf');
    expect(blob.type).toBe('application/pdf');
    // jsdom's Blob has no arrayBuffer(): read it as a page would with FileReader.
    const read = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    expect(Buffer.from(read)).toEqual(bytes);
  });

  it('treats an answer without the PDF as a failure', async () => {
    const { api } = billingAccountApi(jsonResponse(200, { fileName: 'x.pdf' }));
    await expect(api.getInvoicePdf('a1')).rejects.toBeInstanceOf(RestApiError);
  });
});
