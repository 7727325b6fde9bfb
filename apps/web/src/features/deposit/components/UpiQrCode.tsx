import { toString as renderQrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useT } from '../../../shared/i18n/i18n';

/** The QR image of a payment link, drawn as SVG (no canvas needed), e.g. the UPI link of the chosen amount. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await renderQrSvg(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', width: 240 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface UpiQrCodeProps {
  /** The UPI payment link to encode. */
  uri: string;
  /** What the image shows, read by screen readers. */
  label: string;
}

export function UpiQrCode({ uri, label }: UpiQrCodeProps) {
  const [image, setImage] = useState<{ uri: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const { t } = useT();

  useEffect(() => {
    let live = true;
    qrSvgDataUrl(uri).then(
      (src) => {
        if (!live) return;
        setImage({ uri, src });
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [uri]);

  if (failed) return <div className="pay-qr__placeholder">{t('deposit.qrFailed')}</div>;
  // Never show the QR of a previous amount while the new one is drawn.
  if (!image || image.uri !== uri) return <div className="pay-qr__placeholder" aria-busy="true" />;
  return <img className="pay-qr__image" src={image.src} alt={label} width={220} height={220} data-upi-uri={uri} />;
}
