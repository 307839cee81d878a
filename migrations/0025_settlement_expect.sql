-- A statement of a settlement sent in one request (worker/payments/settlement.service.ts, settleOpenedGrant)
-- says whether the payment is still as the request was built for; when it is not, the whole request's
-- transaction is undone (nothing it wrote stays), and the caller settles the interactive way.
CREATE FUNCTION "settlement_expect"(p_ok boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ok IS NOT TRUE THEN
    RAISE EXCEPTION 'the payment changed before its settlement' USING ERRCODE = 'SE001';
  END IF;
END
$$;
