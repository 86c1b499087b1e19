// Package records keeps the tenants' server records.
package records

import "fixtures/errclass/storelookup/orm"

var engine = &orm.Engine{}

type Server struct {
	Owner, Name, URL string
}

// GetServer returns the record, or nil when there is none.
func GetServer(owner, name string) (*Server, error) { // want GetServer:`errors\(internal \(\*orm.Engine\).Get\)`
	s := Server{Owner: owner, Name: name}
	found, err := engine.Get(&s)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, nil
	}
	return &s, nil
}
