import { formatTimestamp, toInstant, type TimestampFormat, type TimestampValue } from "~/lib/format-time";
import { useTranslation } from "~/lib/i18n-react";

export interface TimestampProps {
  value: TimestampValue;
  /** datetime 'MMM DD, YYYY HH:mm:ss' (default), date 'MMM DD, YYYY' or time 'HH:mm:ss' (000 §9). */
  format?: TimestampFormat;
  /** " UTC" after the text; on by default. */
  utcSuffix?: boolean;
  className?: string;
}

/** A timestamp in UTC in a <time> element; 'N/A' when it is missing or invalid (000 §8, §9). */
export function Timestamp({ value, format = "datetime", utcSuffix = true, className }: TimestampProps) {
  const { t } = useTranslation();
  const instant = toInstant(value);
  if (!instant) return <span className={className}>{t("widgets.time.missing")}</span>;
  return (
    <time dateTime={instant.toISOString()} className={className}>
      {formatTimestamp(instant, format, { utcSuffix })}
    </time>
  );
}
