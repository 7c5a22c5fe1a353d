import { describe, expect, it } from 'vitest';
import { redeemBoxAction, redeemBoxHref, takeRedeemBoxAction } from './redeem-box-action';

describe('the redeem box action', () => {
  it('is the dialog action open_redeem_box', () => {
    expect(redeemBoxAction).toBe('open_redeem_box');
  });

  it('takes the action out of the address and keeps the rest', () => {
    const rest = takeRedeemBoxAction(
      new URL('https://nimbus.example/ja/drive/payment?action=open_redeem_box&source=mail#top'),
    );
    expect(rest?.href).toBe('https://nimbus.example/ja/drive/payment?source=mail#top');
    expect(
      takeRedeemBoxAction(
        new URL('https://nimbus.example/drive/payment?action=show_invite_dialog'),
      ),
    ).toBeUndefined();
    expect(takeRedeemBoxAction(new URL('https://nimbus.example/drive/payment'))).toBeUndefined();
  });

  it('links to the purchase page of the locale with the box open', () => {
    expect(redeemBoxHref('en-US')).toBe('/drive/payment?action=open_redeem_box');
    expect(redeemBoxHref('zh-TW')).toBe('/zh-TW/drive/payment?action=open_redeem_box');
    const rest = takeRedeemBoxAction(new URL(redeemBoxHref('ko'), 'https://nimbus.example'));
    expect(rest?.pathname).toBe('/ko/drive/payment');
  });
});
