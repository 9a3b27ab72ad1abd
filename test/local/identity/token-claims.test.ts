import { authorizationToken, authorizerClaims, gatewayDate, verifiedToken } from '../../../local/identity/token-claims';
import { cognitoIssuer, createUserPoolVerifier } from '../../../local/identity/user-pool-verifier';

/** What API Gateway and AppSync make of a verified token, and the verifier's guard rails. */

describe('authorizer claims', () => {
  it('are all strings, as API Gateway’s Cognito authorizer passes them', () => {
    const claims = authorizerClaims({
      sub: 'f2c1',
      'cognito:groups': ['Admins', 'Beta_Customer_R1'],
      email_verified: true,
      auth_time: 1469814773,
      exp: 1469818373,
      iat: 1469814773,
      'custom:companyName': 'Harbor Staffing',
      nothing: null,
    });

    expect(claims).toEqual({
      sub: 'f2c1',
      'cognito:groups': 'Admins,Beta_Customer_R1',
      email_verified: 'true',
      auth_time: '1469814773',
      exp: 'Fri Jul 29 18:52:53 UTC 2016',
      iat: 'Fri Jul 29 17:52:53 UTC 2016',
      'custom:companyName': 'Harbor Staffing',
    });
    expect(gatewayDate(Date.UTC(2024, 0, 5, 3, 4, 5) / 1000)).toBe('Fri Jan 05 03:04:05 UTC 2024');
  });

  it('come from the Authorization header, raw or after Bearer', () => {
    expect(authorizationToken({ authorization: 'eyJ.a.b' })).toBe('eyJ.a.b');
    expect(authorizationToken({ authorization: 'Bearer eyJ.a.b' })).toBe('eyJ.a.b');
    expect(authorizationToken({ authorization: '  ' })).toBeUndefined();
    expect(authorizationToken({})).toBeUndefined();
  });
});

describe('verifiedToken', () => {
  it('takes the username and groups of id and access tokens', () => {
    expect(verifiedToken({ sub: 's', 'cognito:username': 'u', token_use: 'id', iss: 'i', 'cognito:groups': ['Admins'] })).toMatchObject({
      sub: 's',
      username: 'u',
      tokenUse: 'id',
      groups: ['Admins'],
      issuer: 'i',
    });
    expect(verifiedToken({ sub: 's', username: 'u', token_use: 'access', iss: 'i' })).toMatchObject({
      username: 'u',
      tokenUse: 'access',
      groups: [],
    });
  });
});

describe('createUserPoolVerifier', () => {
  it('derives Cognito’s issuer from the pool id and refuses another', () => {
    expect(cognitoIssuer('us-east-2_LocalPool1')).toBe('https://cognito-idp.us-east-2.amazonaws.com/us-east-2_LocalPool1');
    expect(() => cognitoIssuer('LocalPool1')).toThrow('Not a Cognito user pool id');
    expect(() =>
      createUserPoolVerifier({ userPoolId: 'us-east-2_LocalPool1', clientId: 'c', issuer: 'http://127.0.0.1:9229/us-east-2_LocalPool1' }),
    ).toThrow('is not the issuer of us-east-2_LocalPool1');
    expect(() => createUserPoolVerifier({ userPoolId: 'us-east-2_LocalPool1', clientId: 'c', jwks: { nokeys: true } })).toThrow();
  });
});
