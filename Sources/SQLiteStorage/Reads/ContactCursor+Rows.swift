import Contacts

extension ContactCursor: ContactRows {}
