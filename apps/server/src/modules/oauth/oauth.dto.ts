import type { Authorization, DeviceAuthorization, PendingDevice } from './oauth.service';

/** The answer of `POST /v1/user/authorize`. */
export function toAuthorization(authorization: Authorization) {
  return { code: authorization.code, state: authorization.state };
}

/** The device authorization response of RFC 8628 §3.2. */
export function toDeviceAuthorization(device: DeviceAuthorization) {
  return {
    device_code: device.deviceCode,
    user_code: device.userCode,
    verification_uri: device.verificationUri,
    verification_uri_complete: device.verificationUriComplete,
    expires_in: device.expiresIn,
    interval: device.interval,
  };
}

/** A TV waiting for a member's decision, as the activation page shows it. */
export function toPendingDevice(device: PendingDevice) {
  return {
    user_code: device.userCode,
    client_id: device.clientId,
    client_name: device.clientName,
    scope: device.scope,
    expires_at: device.expiresAt,
    expires_in: device.expiresIn,
  };
}
