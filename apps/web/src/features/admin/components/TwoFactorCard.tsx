import { isTotpCode, secondFactorCodeError, totpDigits } from '@app/domain';
import { toString as renderQrSvg } from 'qrcode';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { useCopyNotice } from '../../../shared/hooks/use-copy-notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextField } from '../../../shared/ui/TextField';
import {
  confirmRequested,
  enrolmentCancelled,
  enrolmentRequested,
  recoveryCodesSaved,
  renewRequested,
} from '../admin-security.slice';
import { selectAdminSecurity } from '../security-selectors';
import { SECURITY_TEXTS } from '../security-texts';
import './admin-security.css';

/** The key in groups of four, as authenticator apps show it: 'ABCD EFGH …'. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The QR code of an otpauth:// address, as an SVG data URL (null while drawing, 'failed' when it cannot be drawn). */
function useQr(text: string): string | null | 'failed' {
  const [image, setImage] = useState<{ text: string; src: string | 'failed' } | null>(null);
  useEffect(() => {
    let live = true;
    renderQrSvg(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', width: 220 }).then(
      (svg) => live && setImage({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      () => live && setImage({ text, src: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return image?.text === text ? image.src : null;
}

function Enrolment({ secret, otpauthUri }: { secret: string; otpauthUri: string }) {
  const dispatch = useAppDispatch();
  const { pending } = useAppSelector(selectAdminSecurity);
  const qr = useQr(otpauthUri);
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const error = tried && !isTotpCode(code) ? SECURITY_TEXTS.firstCodeInvalid : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!isTotpCode(code) || pending) return;
    dispatch(confirmRequested(totpDigits(code)));
  };
  return (
    <form className="admin-2fa__enrol" onSubmit={submit} noValidate aria-label="Set up an authenticator">
      <p>{SECURITY_TEXTS.scan}</p>
      <div className="admin-2fa__qr">
        {qr === 'failed' ? (
          <p className="muted small">{SECURITY_TEXTS.qrFailed}</p>
        ) : qr ? (
          <img src={qr} alt={SECURITY_TEXTS.qrAlt} width={200} height={200} data-otpauth-uri={otpauthUri} />
        ) : (
          <Spinner size="sm" label="Drawing the QR code" />
        )}
      </div>
      <div className="admin-2fa__key">
        <span className="muted small">{SECURITY_TEXTS.keyLabel}</span>
        <code aria-label="Authenticator key">{groupedKey(secret)}</code>
      </div>
      <TextField
        label={SECURITY_TEXTS.firstCode}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={setCode}
        error={error}
      />
      <div className="admin-2fa__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={pending !== null}
          aria-busy={pending === 'confirm' || undefined}
        >
          {SECURITY_TEXTS.confirm}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => dispatch(enrolmentCancelled())}>
          {SECURITY_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const dispatch = useAppDispatch();
  const { copied, copy } = useCopyNotice();
  return (
    <section className="admin-2fa__codes" aria-labelledby="admin-recovery-title">
      <h4 id="admin-recovery-title">{SECURITY_TEXTS.recoveryTitle}</h4>
      <p className="small">{SECURITY_TEXTS.recoveryNote}</p>
      <ol className="admin-2fa__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="admin-2fa__actions">
        <button type="button" className="btn btn--ghost" onClick={() => void copy(codes.join('\n'))}>
          {copied ? SECURITY_TEXTS.copied : SECURITY_TEXTS.copyCodes}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => dispatch(recoveryCodesSaved())}>
          {SECURITY_TEXTS.recoverySaved}
        </button>
      </div>
    </section>
  );
}

/** An enrolled authenticator: new recovery codes, or a replacement, each for the current code (or a recovery code). */
function Enrolled() {
  const dispatch = useAppDispatch();
  const { pending } = useAppSelector(selectAdminSecurity);
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const error = tried ? secondFactorCodeError(code) : null;
  const act = (what: 'renew' | 'replace') => {
    setTried(true);
    if (secondFactorCodeError(code) || pending) return;
    const typed = code.trim();
    dispatch(what === 'renew' ? renewRequested(typed) : enrolmentRequested(typed));
    setCode('');
    setTried(false);
  };
  return (
    <div className="admin-2fa__manage">
      <TextField
        label={SECURITY_TEXTS.currentCode}
        name="current-code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        value={code}
        onChange={setCode}
        error={error}
      />
      <div className="admin-2fa__actions">
        <button type="button" className="btn btn--ghost" onClick={() => act('renew')} disabled={pending !== null}>
          {SECURITY_TEXTS.renew}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => act('replace')} disabled={pending !== null}>
          {SECURITY_TEXTS.replace}
        </button>
      </div>
    </div>
  );
}

/**
 * Setting tab, two-factor sign-in: whether an authenticator is on and how many recovery codes are left; enrolment
 * (the key shown once as a QR code and as text, confirmed by the app's first code); the recovery codes, shown once
 * when issued; new recovery codes and a replacement for the current code.
 */
export function TwoFactorCard() {
  const dispatch = useAppDispatch();
  const { status, loading, error, enrolment, pending, twoFactorError, recoveryCodes } =
    useAppSelector(selectAdminSecurity);
  const titleId = useId();
  return (
    <section className="admin-profile card admin-2fa" aria-labelledby={titleId}>
      <div className="admin-2fa__head">
        <h3 id={titleId}>{SECURITY_TEXTS.twoFactorTitle}</h3>
        {status && (
          <span className={`badge ${status.twoFactorEnrolled ? 'admin-2fa__on' : 'badge--muted'}`}>
            {status.twoFactorEnrolled ? 'On' : 'Off'}
          </span>
        )}
        {loading && !status && <Spinner size="sm" label="Loading sign-in security" />}
      </div>
      {status && (
        <p className="muted">
          {status.twoFactorEnrolled ? SECURITY_TEXTS.enrolledSince : SECURITY_TEXTS.notEnrolled}
          {status.twoFactorEnrolled && ` ${SECURITY_TEXTS.recoveryLeft(status.recoveryCodesLeft)}`}
        </p>
      )}
      {error && !status && (
        <p className="pay-error" role="alert">
          {error}
        </p>
      )}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : enrolment ? (
        <Enrolment secret={enrolment.secret} otpauthUri={enrolment.otpauthUri} />
      ) : status?.twoFactorEnrolled ? (
        <Enrolled />
      ) : status ? (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => dispatch(enrolmentRequested())}
          disabled={pending !== null}
          aria-busy={pending === 'start' || undefined}
        >
          {SECURITY_TEXTS.enrol}
        </button>
      ) : null}
      {twoFactorError && (
        <p className="form-alert" role="alert">
          {twoFactorError}
        </p>
      )}
    </section>
  );
}
